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
import type {
  BookFill,
  BookMatch,
  BookOrderRequest,
  BookOrderState,
  BookResult,
  DepthBook,
  MarketBooks,
} from '../context';
import { OrderBook } from '../matching/book';
import type { Accepted, BookState, CancelCommand, Fill, OrderState, PlaceCommand, Side } from '../matching/types';
import type { MakerState } from './marketMaker';
import { fromUnits, toUnits } from '../matching/units';
import type { Metrics } from '../metrics';
import { MAKER_OWNER, MarketMaker, TAKER_OWNER } from './marketMaker';
import type { ModelTrade } from './model';
import type { Rng } from './rng';
import type { SymbolMarket } from './symbolMarket';
import { isUserOwner } from './owners';

/** Levels a side of a DEPTH socket snapshot, and the most the REST depth gives (DEPTH-2). */
export const DEPTH_SNAPSHOT_LEVELS = 500;
/** A simulated taker is a market order protected this far (1/20 = 5 %) from the model price (SPOT-4's rule). */
const TAKER_PROTECTION_DIVISOR = 20;

/** One book's part of the core's state (CORE-4). */
export interface SymbolBookState {
  nextOrderId: number;
  book: BookState;
  refs: [number, string][];
  maker: MakerState;
}

/**
 * What the trading core hears from the books (CORE-4): every command a book accepted (`ref` is a user order's
 * service ref), and the simulator's steps and resumes, which it journals whole.
 */
export interface BookRecorder {
  applied(sb: SymbolBook, command: PlaceCommand | CancelCommand, owner: number, ref?: string): void;
  /** A simulator step begins at `now` (its effective time). */
  stepBegin(now: number): void;
  stepEnd(): void;
  /** The simulator skipped to `now` without trading. */
  resumed(now: number): void;
}

type TradesListener = (symbol: string, trades: Trade[]) => void;
type DepthListener = (symbol: string, delta: DepthBook) => void;
type UserMatchListener = (symbol: string, match: BookMatch) => void;

function logListenerError(event: string, symbol: string, e: unknown): void {
  console.error(JSON.stringify({ level: 50, event, symbol, error: String((e as Error)?.stack ?? e) }));
}

/** One symbol's book, its tape and its maker. */
export class SymbolBook {
  book = new OrderBook();
  readonly maker: MarketMaker;
  nextOrderId = 1;
  /** Fills of this batch not yet on the tape, with the trade ids they will get (CORE-2). */
  private unpublished: Fill[] = [];
  /** Users' orders in this book: book id -> the owning service's ref ("spot:12", "futures:7"; CORE-4). */
  readonly refs = new Map<number, string>();
  /** The reverse of `refs`. */
  readonly byRef = new Map<string, number>();
  /** Depth sequence: +1 per delivered delta (DEPTH-3). */
  seq = 0;
  /** Changed levels since the last delta: price -> total (0 = gone). */
  private readonly changedBids = new Map<number, number>();
  private readonly changedAsks = new Map<number, number>();
  /** Trades made since the last delivery, oldest first. */
  trades: Trade[] = [];
  readonly ps: number;
  readonly qs: number;

  constructor(
    readonly sm: SymbolMarket,
    private readonly owner: BookHub,
    makerRng: Rng,
    listedPriceTicks: number,
  ) {
    this.ps = sm.spec.priceScale;
    this.qs = sm.spec.qtyScale;
    this.maker = new MarketMaker(
      makerRng,
      {
        placeLimit: (owner, side, price, quantity) => {
          const r = this.submit(owner, side, 'limit', price, quantity, this.owner.now);
          return r.ok ? r.order : undefined;
        },
        cancel: (id) => void this.cancelOrder(id, this.owner.now),
      },
      listedPriceTicks,
      this.ps,
      this.qs,
    );
  }

  get symbol(): string {
    return this.sm.spec.symbol;
  }

  get dirty(): boolean {
    return (
      this.trades.length > 0 || this.unpublished.length > 0 || this.changedBids.size > 0 || this.changedAsks.size > 0
    );
  }

  /** The book's part of the core's state (CORE-4): its orders, the next id, the users' refs and the maker. */
  save(): SymbolBookState {
    return {
      nextOrderId: this.nextOrderId,
      book: this.book.state(),
      refs: [...this.refs].sort((a, b) => a[0] - b[0]),
      maker: this.maker.save(),
    };
  }

  load(s: SymbolBookState): void {
    this.nextOrderId = s.nextOrderId;
    this.book = OrderBook.fromState(s.book);
    this.refs.clear();
    this.byRef.clear();
    for (const [id, ref] of s.refs) this.refer(id, ref);
    this.maker.load(s.maker);
    this.unpublished = [];
  }

  /** Puts this batch's fills on the tape (after its commit), with the ids they were given. */
  publish(): void {
    for (const f of this.unpublished) this.trades.push(this.sm.trade(f.time, f.price, f.quantity, f.takerSide)!);
    this.unpublished = [];
  }

  /** Forgets this batch's fills and changes (the batch was refused; the state is reloaded). */
  drop(): void {
    this.unpublished = [];
    this.discardPending();
  }

  /** Drops what the book collected so far without delivering it (the initial ladder is the state at seq 0). */
  discardPending(): void {
    this.trades = [];
    this.changedBids.clear();
    this.changedAsks.clear();
  }

  /**
   * Places an order (ticks, lots) and records everything it did. A user's order carries its service's `ref` and
   * its self-trade `group` (CORE-7); the core journals it (CORE-4).
   */
  submit(
    owner: number,
    side: Side,
    kind: 'limit' | 'market',
    price: number,
    quantity: number,
    time: number,
    ref?: string,
    group?: number,
  ) {
    const id = this.nextOrderId;
    const command: PlaceCommand = { type: 'place', id, owner, side, kind, price, quantity, time };
    if (group !== undefined && group !== owner) command.group = group;
    const r = this.book.apply(command);
    if (r.ok) {
      this.nextOrderId++;
      if (ref !== undefined) this.refer(id, ref);
      this.owner.applied(this, command, owner, ref);
      this.record(r);
      if (this.owner.replaying) this.owner.replayed(owner);
    }
    return r;
  }

  cancelOrder(id: number, time: number) {
    const command: CancelCommand = { type: 'cancel', id, time };
    const r = this.book.apply(command);
    if (r.ok) {
      this.owner.applied(this, command, r.order.owner);
      this.record(r);
      if (this.owner.replaying) this.owner.replayed(r.order.owner);
    }
    return r;
  }

  private record(r: Accepted): void {
    for (const d of r.depth) (d.side === 'buy' ? this.changedBids : this.changedAsks).set(d.price, d.total);
    if (r.order.owner === MAKER_OWNER) this.maker.update(r.order);
    let user = isUserOwner(r.order.owner);
    for (const m of r.makers) {
      if (m.owner === MAKER_OWNER) this.maker.update(m);
      else if (isUserOwner(m.owner)) user = true;
    }
    if (r.fills.length > 0) {
      this.owner.tradesMade += r.fills.length;
      if (!this.owner.replaying) {
        const ids: number[] = new Array<number>(r.fills.length);
        const first = this.sm.nextTradeId + this.unpublished.length;
        for (let i = 0; i < r.fills.length; i++) {
          this.unpublished.push(r.fills[i]);
          ids[i] = first + i;
        }
        this.owner.metrics.tradesTotal.inc(undefined, r.fills.length);
        if (user) this.owner.userMatch(this, r, ids);
      }
    }
    // The users' orders that left the book are no longer referred to (after their services heard of them).
    if (this.refs.size > 0) {
      if (r.order.status === 'filled' || r.order.status === 'cancelled') this.unrefer(r.order.id);
      for (const m of r.makers) if (m.status === 'filled') this.unrefer(m.id);
    }
  }

  private refer(id: number, ref: string): void {
    this.refs.set(id, ref);
    this.byRef.set(ref, id);
  }

  private unrefer(id: number): void {
    const ref = this.refs.get(id);
    if (ref === undefined) return;
    this.refs.delete(id);
    this.byRef.delete(ref);
  }

  /** One model trade: the maker re-quotes around its price, then a taker of its size crosses the book. */
  simulate(t: ModelTrade, now: number): void {
    this.maker.quote(t.price, t.side);
    const p = t.price;
    const limit =
      t.side === 'buy' ? p + Math.floor(p / TAKER_PROTECTION_DIVISOR) : p - Math.floor(p / TAKER_PROTECTION_DIVISOR);
    this.submit(TAKER_OWNER, t.side, 'market', Math.max(1, limit), t.qty, now);
  }

  /** The delta collected since the last one, with the next seq; undefined when no level changed. */
  takeDelta(withLevels: boolean): DepthBook | undefined {
    if (this.changedBids.size === 0 && this.changedAsks.size === 0) return undefined;
    this.seq++;
    const delta: DepthBook = { seq: this.seq, bids: [], asks: [] };
    if (withLevels) {
      delta.bids = this.levels(this.changedBids, -1);
      delta.asks = this.levels(this.changedAsks, 1);
    }
    this.changedBids.clear();
    this.changedAsks.clear();
    return delta;
  }

  private levels(m: Map<number, number>, dir: 1 | -1): [string, string][] {
    const prices = [...m.keys()].sort((a, b) => (a - b) * dir);
    return prices.map((p) => [fromUnits(p, this.ps), fromUnits(m.get(p)!, this.qs)]);
  }

  depth(limit: number): DepthBook {
    const d = this.book.depth(limit);
    const f = (l: [number, number]): [string, string] => [fromUnits(l[0], this.ps), fromUnits(l[1], this.qs)];
    return { seq: this.seq, bids: d.bids.map(f), asks: d.asks.map(f) };
  }

  orderState(s: OrderState): BookOrderState {
    const out: BookOrderState = {
      id: s.id,
      owner: s.owner,
      side: s.side,
      kind: s.kind,
      price: fromUnits(s.price, this.ps),
      amount: fromUnits(s.quantity, this.qs),
      filled: fromUnits(s.quantity - s.remaining, this.qs),
      remaining: fromUnits(s.remaining, this.qs),
      status: s.status,
    };
    if (s.cancelReason) out.cancelReason = s.cancelReason;
    return out;
  }

  fill(f: Fill, tradeId: number): BookFill {
    return {
      tradeId,
      price: fromUnits(f.price, this.ps),
      amount: fromUnits(f.quantity, this.qs),
      makerOrderId: f.makerOrderId,
      takerOrderId: f.takerOrderId,
      makerOwner: f.makerOwner,
      takerOwner: f.takerOwner,
      takerSide: f.takerSide,
      time: f.time,
    };
  }

  match(r: Accepted, tradeIds: number[]): BookMatch {
    return {
      ok: true,
      order: this.orderState(r.order),
      fills: r.fills.map((f, i) => this.fill(f, tradeIds[i])),
      makers: r.makers.map((m) => this.orderState(m)),
    };
  }
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
