/**
 * One symbol's book (split out of books.ts): the matching engine's `OrderBook`, the symbol's market maker, the
 * refs of the users' orders in it (CORE-4), and what it has matched but not yet delivered (trades, changed levels).
 * `BookHub` (books.ts) owns the books, their listeners and the market's notion of now; the rules are in books.ts's
 * header.
 */
import type { Trade } from '../../../src/shared/protocol';
import type { BookFill, BookMatch, BookOrderState, DepthBook } from '../context';
import { OrderBook } from '../matching/book';
import type { Accepted, BookState, CancelCommand, Fill, OrderState, PlaceCommand, Side } from '../matching/types';
import type { MakerState } from './marketMaker';
import { fromUnits } from '../matching/units';
import { MAKER_OWNER, MarketMaker, TAKER_OWNER } from './marketMaker';
import type { ModelTrade } from './model';
import type { Rng } from './rng';
import type { SymbolMarket } from './symbolMarket';
import { isUserOwner } from './owners';

import type { BookHub } from './books';

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
