/**
 * Recent trades of one symbol, newest first, at most TRADES_KEPT, prices formatted (9.2).
 * Socket trades are taken once (ids at or below the newest seen are duplicates); a REST reply (seed
 * after subscribe, reconnect or gap) is merged by id, so nothing is doubled or lost at the seam.
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
  private list: TradeView[] = [];
  private lastId = -1;
  private view: TradesView | undefined;

  constructor(
    readonly symbol: string,
    private readonly memo: PriceMemo,
  ) {
    this.key = `trades:${symbol}`;
    this.serverKey = `TRADE:${symbol}`;
  }

  private toView(t: Trade): TradeView {
    return { id: t.id, price: this.memo.format(t.price), qty: t.qty, side: t.side, ts: t.ts };
  }

  /** Trades of a TRADE frame (oldest first). True if the list changed. */
  add(trades: readonly Trade[]): boolean {
    const fresh: TradeView[] = [];
    let maxId = this.lastId;
    for (let i = trades.length - 1; i >= 0; i--) {
      const t = trades[i];
      if (t.id <= this.lastId) continue;
      if (t.id > maxId) maxId = t.id;
      if (fresh.length < TRADES_KEPT) fresh.push(this.toView(t));
    }
    if (fresh.length === 0) return false;
    this.lastId = maxId;
    if (fresh.length > 1) fresh.sort((a, b) => b.id - a.id);
    this.list = fresh.length >= TRADES_KEPT ? fresh : fresh.concat(this.list.slice(0, TRADES_KEPT - fresh.length));
    this.view = undefined;
    return true;
  }

  /** Merges a REST reply (newest last) by id. */
  merge(trades: readonly Trade[]): boolean {
    const byId = new Map<number, TradeView>();
    for (const v of this.list) byId.set(v.id, v);
    let added = false;
    for (const t of trades) {
      if (!byId.has(t.id)) {
        byId.set(t.id, this.toView(t));
        added = true;
      }
    }
    if (!added) return false;
    this.list = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, TRADES_KEPT);
    if (this.list.length > 0 && this.list[0].id > this.lastId) this.lastId = this.list[0].id;
    this.view = undefined;
    return true;
  }

  tradesView(): TradesView {
    if (!this.view || this.view.version !== this.version) {
      this.view = { symbol: this.symbol, version: this.version, trades: this.list };
    }
    return this.view;
  }
}
