/**
 * The order books of the market (DEPTH-1..7, SIM-9..12): one matching-engine `OrderBook` per symbol, in which the
 * simulator's market maker and takers and the users' orders meet. Every fill goes on the symbol's tape through
 * `SymbolMarket.trade`, so trades, candles and 24 h statistics all come from matches.
 *
 * - Units: prices in ticks of 10^-priceScale, amounts in lots of 10^-qtyScale of the MarketSymbol; decimal strings
 *   are converted only at the edge (matching/units.ts).
 * - Ids: each book numbers its orders 1, 2, 3, ... (maker, taker and user orders alike); not kept across restarts.
 * - Owners: users are their user id (> 0); the maker is MAKER_OWNER (-1) and the simulated takers TAKER_OWNER
 *   (-2), distinct from each other so the simulator never trades with itself (MATCH-5); a user's futures orders
 *   are `futuresOwner(userId)` (owners.ts, FUT-12), so the same user's spot and futures orders are distinct owners.
 * - Publication: each book collects its new trades and its changed levels; `deliver()` hands them to the
 *   listeners, trades first (one batch) then one depth delta (each changed level once, with its final total,
 *   DEPTH-3), with the book's depth `seq` + 1. The simulator delivers once per step; a user's order or cancel
 *   delivers at once. Listeners that place orders themselves never interleave batches: delivery is not re-entered.
 * - `onUserMatch` is called synchronously, at the match, for every command whose fills touch a user's order
 *   (spot or futures).
 */
import type { Trade } from '../../../src/shared/protocol';
import type { BookMatch, BookOrderRequest, BookResult, DepthBook, MarketBooks } from '../context';
import type { Accepted, CancelCommand, PlaceCommand } from '../matching/types';
import { fromUnits, toUnits } from '../matching/units';
import type { Metrics } from '../metrics';
import type { Rng } from './rng';
import type { SymbolMarket } from './symbolMarket';
import { isUserOwner } from './owners';

import { SymbolBook, type BookRecorder, type SymbolBookState } from './symbolBook';

/** Levels a side of a DEPTH socket snapshot, and the most the REST depth gives (DEPTH-2). */
export const DEPTH_SNAPSHOT_LEVELS = 500;

type TradesListener = (symbol: string, trades: Trade[]) => void;
type DepthListener = (symbol: string, delta: DepthBook) => void;
type UserMatchListener = (symbol: string, match: BookMatch) => void;

function logListenerError(event: string, symbol: string, e: unknown): void {
  console.error(JSON.stringify({ level: 50, event, symbol, error: String((e as Error)?.stack ?? e) }));
}

/**
 * The books of every simulated symbol, their listeners and the market's notion of now (never earlier than the
 * last step: the tape's times never go back).
 */
export class BookHub implements MarketBooks {
  readonly bySymbol = new Map<string, SymbolBook>();
  private readonly tradeListeners = new Set<TradesListener>();
  private readonly depthListeners = new Set<DepthListener>();
  private readonly userListeners = new Set<UserMatchListener>();
  /** Books with undelivered trades or levels, in the order they became so. */
  private readonly pending = new Set<SymbolBook>();
  private delivering = false;
  /** Trades made by every book since the start. */
  tradesMade = 0;
  /** The time stamped on commands: the step's time during a step, else max(last step, clock). */
  now: number;
  /** The match of the user command being placed (what `place` returns). */
  private lastUserMatch: BookMatch | undefined;
  /** Replaying the journal (CORE-5): commands change the books only; no tape, no listeners. */
  replaying = false;
  /** Inside a core batch (CORE-2): nothing reaches the tape or the listeners until `release()`. */
  private holding = false;
  private recorder: BookRecorder | undefined;

  constructor(
    readonly metrics: Metrics,
    start: number,
    private readonly clock: () => number,
  ) {
    this.now = start;
  }

  add(sm: SymbolMarket, makerRng: Rng, listedPriceTicks: number): SymbolBook {
    const sb = new SymbolBook(sm, this, makerRng, listedPriceTicks);
    this.bySymbol.set(sm.spec.symbol, sb);
    return sb;
  }

  /** The trading core's journal hook (CORE-4). */
  setRecorder(recorder: BookRecorder | undefined): void {
    this.recorder = recorder;
  }

  stepBegin(now: number): void {
    if (!this.replaying) this.recorder?.stepBegin(now);
  }

  stepEnd(): void {
    if (!this.replaying) this.recorder?.stepEnd();
  }

  resumed(now: number): void {
    if (!this.replaying) this.recorder?.resumed(now);
  }

  applied(sb: SymbolBook, command: PlaceCommand | CancelCommand, owner: number, ref?: string): void {
    if (!this.replaying) this.recorder?.applied(sb, command, owner, ref);
  }

  /** A replayed command has been applied and recorded: after the simulator's, the step's due users' commands. */
  replayed(owner: number): void {
    if (!isUserOwner(owner)) this.onSimReplayed?.();
  }

  /** While replaying a step: told after each of the simulator's commands (the core applies the users' due then). */
  onSimReplayed: (() => void) | undefined;

  /** A core batch begins: trades and depth wait for its commit (CORE-2). */
  hold(): void {
    this.holding = true;
  }

  /** The batch committed: its trades go on the tapes and everything collected is delivered. */
  release(): void {
    this.holding = false;
    this.deliver();
  }

  /** The batch was refused: what it collected is dropped (the core reloads the books). */
  discard(): void {
    this.holding = false;
    for (const sb of this.bySymbol.values()) sb.drop();
    this.pending.clear();
  }

  /** Every book's state (CORE-4), symbols in order. */
  save(): { now: number; books: [string, SymbolBookState][] } {
    return { now: this.now, books: [...this.bySymbol].map(([symbol, sb]) => [symbol, sb.save()]) };
  }

  /** Loads the books a `save()` described; symbols no longer listed are skipped (their users' orders end). */
  load(s: { now: number; books: [string, SymbolBookState][] }): void {
    this.now = Math.max(this.now, s.now);
    for (const [symbol, state] of s.books) this.bySymbol.get(symbol)?.load(state);
  }

  /** The users' orders resting in the books, with their refs (the services rebuild their view from these). */
  resting(): { symbol: string; bookId: number; ref: string }[] {
    const out: { symbol: string; bookId: number; ref: string }[] = [];
    for (const [symbol, sb] of this.bySymbol) for (const [bookId, ref] of sb.refs) out.push({ symbol, bookId, ref });
    return out;
  }

  refOf(symbol: string, bookId: number): string | undefined {
    return this.bySymbol.get(symbol)?.refs.get(bookId);
  }

  bookIdOf(symbol: string, ref: string): number | undefined {
    return this.bySymbol.get(symbol)?.byRef.get(ref);
  }

  /** Marks a book as having something to deliver. */
  touched(sb: SymbolBook): void {
    if (sb.dirty) this.pending.add(sb);
  }

  userMatch(sb: SymbolBook, r: Accepted, tradeIds: number[]): void {
    const m = sb.match(r, tradeIds);
    if (isUserOwner(r.order.owner)) this.lastUserMatch = m;
    // A listener's failure is not caught: it settles money, so it refuses the trading core's batch (CORE-2).
    for (const l of this.userListeners) l(sb.symbol, m);
  }

  /** Delivers every book's collected trades and depth delta: trades first, then the delta. Not re-entered. */
  deliver(): void {
    if (this.delivering || this.holding || this.replaying) return;
    this.delivering = true;
    try {
      while (this.pending.size > 0) {
        const sb = this.pending.values().next().value as SymbolBook;
        this.pending.delete(sb);
        sb.publish();
        const trades = sb.trades;
        sb.trades = [];
        const delta = sb.takeDelta(this.depthListeners.size > 0);
        if (trades.length > 0) {
          for (const l of this.tradeListeners) {
            try {
              l(sb.symbol, trades);
            } catch (e) {
              logListenerError('market_listener_error', sb.symbol, e);
            }
          }
        }
        if (delta) {
          for (const l of this.depthListeners) {
            try {
              l(sb.symbol, delta);
            } catch (e) {
              logListenerError('depth_listener_error', sb.symbol, e);
            }
          }
        }
      }
    } finally {
      this.delivering = false;
    }
  }

  onTrades(listener: TradesListener): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  // ------------------------------------------------------------------ MarketBooks

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  scales(symbol: string): { price: number; amount: number } | undefined {
    const sb = this.bySymbol.get(symbol);
    return sb && { price: sb.ps, amount: sb.qs };
  }

  /** The time of a user's command: the clock, never before the last step. */
  private userTime(): number {
    const t = this.clock();
    if (t > this.now) this.now = t;
    return this.now;
  }

  place(symbol: string, order: BookOrderRequest): BookResult {
    const sb = this.bySymbol.get(symbol);
    if (!sb) return { ok: false, error: `Unknown symbol ${symbol}` };
    if (!Number.isSafeInteger(order.owner) || !isUserOwner(order.owner)) {
      return {
        ok: false,
        error: `Owner must be a user id (a whole number above 0) or a user's futures owner, got ${String(order.owner)}`,
      };
    }
    const what = order.kind === 'market' ? 'Protection price' : 'Price';
    let price: number;
    let quantity: number;
    try {
      price = toUnits(String(order.price), sb.ps, what);
      quantity = toUnits(String(order.amount), sb.qs, 'Amount');
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
    if (price <= 0) return { ok: false, error: `${what} must be more than 0` };
    if (quantity <= 0) return { ok: false, error: 'Amount must be more than 0' };
    this.lastUserMatch = undefined;
    const r = sb.submit(order.owner, order.side, order.kind, price, quantity, this.userTime(), order.ref, order.group);
    if (!r.ok) return r;
    const out: BookResult = this.lastUserMatch ?? { ok: true, order: sb.orderState(r.order), fills: [], makers: [] };
    this.lastUserMatch = undefined;
    this.touched(sb);
    this.deliver();
    return out;
  }

  cancel(symbol: string, id: number): BookResult {
    const sb = this.bySymbol.get(symbol);
    if (!sb) return { ok: false, error: `Unknown symbol ${symbol}` };
    const open = sb.book.order(id);
    if (!open) return { ok: false, error: `Order ${id} is not open in the ${symbol} book` };
    if (!isUserOwner(open.owner)) return { ok: false, error: `Order ${id} is not a user's order` };
    const r = sb.cancelOrder(id, this.userTime());
    if (!r.ok) return r;
    this.touched(sb);
    this.deliver();
    return { ok: true, order: sb.orderState(r.order), fills: [], makers: [] };
  }

  best(symbol: string): { bestBid?: string; bestAsk?: string } {
    const sb = this.bySymbol.get(symbol);
    if (!sb) return {};
    const out: { bestBid?: string; bestAsk?: string } = {};
    const b = sb.book.bestBid();
    const a = sb.book.bestAsk();
    if (b !== undefined) out.bestBid = fromUnits(b, sb.ps);
    if (a !== undefined) out.bestAsk = fromUnits(a, sb.ps);
    return out;
  }

  depth(symbol: string, limit: number): DepthBook | undefined {
    const sb = this.bySymbol.get(symbol);
    if (!sb) return undefined;
    // Anything collected but not yet delivered belongs to the next delta; deliver it first so seq matches.
    if (sb.dirty && !this.delivering && !this.holding) {
      this.touched(sb);
      this.deliver();
    }
    const n = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
    return sb.depth(n);
  }

  onUserMatch(listener: UserMatchListener): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  onDepth(listener: DepthListener): () => void {
    this.depthListeners.add(listener);
    return () => this.depthListeners.delete(listener);
  }
}
