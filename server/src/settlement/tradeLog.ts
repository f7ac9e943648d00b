/**
 * The one persisted log of published trades that second contracts and options settle from (SEC-14, SEC-8, OPT-7).
 * The market's trade ring holds 1,000 trades and is lost on a restart; this log keeps, in the database, every trade
 * published (`market.onTrades`) on each symbol that has an open row of either product, in publication order, from
 * the row's entry trade on.
 *
 * - `onTrades` (the market's listener) queues the trades of watched symbols; the queue is written in ONE
 *   transaction when the synchronous run that published them ends (a microtask: one market step, all symbols),
 *   and before anything reads the log (`flush`).
 * - `watch(symbol, entry)` starts (or continues) logging a symbol when a contract or an option opens on it, and
 *   queues the entry trade itself unless it is already the symbol's last logged trade, so the log holds the entry
 *   and everything published after it.
 * - `retain(symbols)` stops logging the symbols without an open row (the settlement job calls it after settling).
 *
 * Tape ids are kept as evidence only (they restart at 1 with the server): order is by time, then by insertion.
 */
import type { Trade } from '../../../src/shared/protocol';
import type { LoggedTrade } from './settle';
import type { LogRow, SettlementStore } from './store';

type Store = Pick<SettlementStore, 'insertTrades' | 'lastTrade'>;

function same(a: LoggedTrade, b: LoggedTrade): boolean {
  return a.id === b.id && a.time === b.time && a.price === b.price;
}

export class TradeLog {
  private readonly watched = new Set<string>();
  private pending: LogRow[] = [];
  /** The last trade queued or found logged per symbol (so an entry is never logged twice). */
  private readonly last = new Map<string, LoggedTrade>();
  private scheduled = false;
  /** Trades written since start (metrics and tests). */
  written = 0;

  constructor(
    private readonly store: Store,
    /** Runs the flush once the current synchronous run ends (queueMicrotask in the server). */
    private readonly defer: (fn: () => void) => void,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** The market's listener: one symbol's trades of one step, oldest first. */
  readonly onTrades = (symbol: string, trades: readonly Trade[]): void => {
    if (!this.watched.has(symbol) || trades.length === 0) return;
    for (const t of trades) this.pending.push({ symbol, id: t.id, time: t.ts, price: t.price });
    const l = trades[trades.length - 1];
    this.last.set(symbol, { id: l.id, time: l.ts, price: l.price });
    this.schedule();
  };

  isWatched(symbol: string): boolean {
    return this.watched.has(symbol);
  }

  /** Logs `symbol` from now on, starting with `entry` (the last published trade) unless it is logged already. */
  watch(symbol: string, entry: LoggedTrade): void {
    this.watched.add(symbol);
    const known = this.last.get(symbol) ?? this.store.lastTrade(symbol);
    if (known && same(known, entry)) {
      this.last.set(symbol, known);
      return;
    }
    this.pending.push({ symbol, id: entry.id, time: entry.time, price: entry.price });
    this.last.set(symbol, entry);
    this.schedule();
  }

  /** Logs exactly these symbols from now on (those with open rows). */
  retain(symbols: Iterable<string>): void {
    const keep = new Set(symbols);
    for (const s of this.watched) if (!keep.has(s)) this.watched.delete(s);
    for (const s of keep) this.watched.add(s);
  }

  /** Writes what is queued, in one transaction; returns how many trades. */
  flush(): number {
    this.scheduled = false;
    if (this.pending.length === 0) return 0;
    const rows = this.pending;
    this.pending = [];
    this.store.insertTrades(rows);
    this.written += rows.length;
    return rows.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(() => {
      if (!this.scheduled) return;
      try {
        this.flush();
      } catch (err) {
        this.onError(err);
      }
    });
  }
}
