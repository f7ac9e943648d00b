/**
 * Recent trades of one symbol, newest first, at most TRADES_KEPT, prices formatted (9.2).
 *
 * Socket trades are taken once (ids at or below the newest seen are duplicates) into a small ring of
 * the raw trades: nothing is allocated or formatted per frame. The view (TradeView objects, newest
 * first) is built when asked, at most once per version, and each trade is formatted once, when it
 * first appears in a view. A REST reply (seed after subscribe, reconnect or gap) is merged by id, so
 * nothing is doubled or lost at the seam.
 */
import type { Trade } from '../shared/protocol';
import { TRADES_KEPT } from './constants';
import type { PriceMemo } from './priceMemo';
import type { TradeView, TradesView } from './views';

export class TradesStore {
  readonly key: string;
  readonly serverKey: string;
  version = 0;
  seedGen = 0;
  /** Ring of the newest raw trades, oldest first from `head`. */
  private readonly ring: (Trade | undefined)[] = new Array(TRADES_KEPT).fill(undefined);
  private head = 0;
  private count = 0;
  private lastId = -1;
  private view: TradesView | undefined;
  /** Views made so far, by trade id (only ids still kept). */
  private made = new Map<number, TradeView>();

  constructor(
    readonly symbol: string,
    private readonly memo: PriceMemo,
  ) {
    this.key = `trades:${symbol}`;
    this.serverKey = `TRADE:${symbol}`;
  }

  /** Trades of a TRADE frame (oldest first). True if the list changed. */
  add(trades: readonly Trade[]): boolean {
    let added = false;
    for (let i = 0; i < trades.length; i++) {
      const t = trades[i];
      if (t.id <= this.lastId) continue;
      this.lastId = t.id;
      this.ring[(this.head + this.count) % TRADES_KEPT] = t;
      if (this.count < TRADES_KEPT) this.count++;
      else this.head = (this.head + 1) % TRADES_KEPT;
      added = true;
    }
    return added;
  }

  /** Merges a REST reply (any order) by id. */
  merge(trades: readonly Trade[]): boolean {
    const byId = new Map<number, Trade>();
    for (const t of this.raw()) byId.set(t.id, t);
    let added = false;
    for (const t of trades) {
      if (!byId.has(t.id)) {
        byId.set(t.id, t);
        added = true;
      }
    }
    if (!added) return false;
    const merged = [...byId.values()].sort((a, b) => a.id - b.id).slice(-TRADES_KEPT);
    this.ring.fill(undefined);
    merged.forEach((t, i) => (this.ring[i] = t));
    this.head = 0;
    this.count = merged.length;
    if (merged.length > 0 && merged[merged.length - 1].id > this.lastId) this.lastId = merged[merged.length - 1].id;
    return true;
  }

  /** Kept raw trades, oldest first. */
  private raw(): Trade[] {
    const out: Trade[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.ring[(this.head + i) % TRADES_KEPT]!);
    return out;
  }

  tradesView(): TradesView {
    if (this.view && this.view.version === this.version) return this.view;
    const made = new Map<number, TradeView>();
    const list: TradeView[] = [];
    for (let i = this.count - 1; i >= 0; i--) {
      const t = this.ring[(this.head + i) % TRADES_KEPT]!;
      let v = this.made.get(t.id);
      if (!v) v = { id: t.id, price: this.memo.format(t.price), qty: t.qty, side: t.side, ts: t.ts };
      made.set(t.id, v);
      list.push(v);
    }
    this.made = made;
    this.view = { symbol: this.symbol, version: this.version, trades: list };
    return this.view;
  }
}
