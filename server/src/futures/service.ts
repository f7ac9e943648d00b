/**
 * Futures orders and fills (FUT-12..17): a user's futures orders go into the pair's one book (shared with spot)
 * under the owner `futuresOwner(userId)`; every fill touching one is settled here against the house.
 *
 * - Submit: the shared `checkFuturesOrder` (the form runs the same function) with the book's best prices, the
 *   mark, the contract account's available USDT, the position and the pending opening shares; then one
 *   transaction stores the order and holds margin + open fee (opening) or reserves the shares (closing); then the
 *   book matches it. Nothing after the book may fail.
 * - Fills are settled by fills.ts (opening: order hold -> position margin; closing: margin, PnL and fees).
 * - Marks (risk.ts), margin and TP/SL (positions.ts), funding (funding.ts) build on the same store and ledger.
 */
import { Decimal, sameDecimal } from '../../../src/shared/decimal';
import type { ContractPair } from '../../../src/shared/schemas/coins';
import type { FuturesOrder, FuturesOrderBody } from '../../../src/shared/schemas/futures';
import { checkFuturesOrder } from '../../../src/shared/trading/futuresChecks';
import { bookSide, initialMargin, quantityOf, tradeFee } from '../../../src/shared/trading/futuresRules';
import type { BookFill, BookMatch, BookOrderState, MarketBooks, Marks } from '../context';
import { BookOrders } from '../core/bookOrders';
import { earlierOrder } from '../core/clientOrderId';
import type { FeePaid } from '../events/tradingFees';
import type { PositionEvent, StatusEvent } from '../events/userEvents';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import { futuresOwner } from '../market/owners';
import type { Clock } from '../time/clock';
import { freshRef, money } from './money';
import type { FuturesStore, OrderRow, PositionRow } from './store';
import { closeFill, openFill } from './fills';
import { orderView } from './views';

export interface FuturesDeps {
  ledger: Ledger;
  store: FuturesStore;
  books: MarketBooks;
  marks: Pick<Marks, 'current'>;
  clock: Clock;
  pair(symbol: string): ContractPair | undefined;
  /** The symbols of the listed contract pairs. */
  pairs(): string[];
  statusChanged(userId: number, e: StatusEvent): void;
  positionsChanged(userId: number, e?: PositionEvent): void;
  onError(err: unknown, context: Record<string, unknown>): void;
  /** VIP-4: the fraction taken off this user's fees ("0" or absent = none). */
  feeDiscount?(userId: number): string;
  /** REB-3: told of each fee a user paid, inside the fill's transaction. */
  feePaid?(e: FeePaid): void;
}

/**
 * A non-copy order a user placed (COPY-5 mirrors it): the stored order and the shares of the position it adds to
 * or closes, as they were before the order was placed.
 */
export interface PlacedOrder {
  order: OrderRow;
  positionSharesBefore: string;
}

export class FuturesService {
  private readonly placedListeners: ((e: PlacedOrder) => void)[] = [];
  private readonly endedListeners: ((p: PositionRow) => void)[] = [];
  private readonly cancelledListeners: ((o: OrderRow) => void)[] = [];
  /** Set while an order is being placed: pushes wait for it (flush). */
  private placing = false;
  /** The book glue (CORE-1): refs "futures:<id>", self-trade group, lookups, the check after a replay. */
  private readonly orders: BookOrders;
  /** Pushes held back until the current match has been settled. */
  private events: { userId: number; e: PositionEvent }[] = [];
  private readonly off: () => void;

  constructor(readonly deps: FuturesDeps) {
    this.orders = new BookOrders(deps.books, 'futures', deps.onError);
    this.off = deps.books.onUserMatch((symbol, match) => this.onMatch(symbol, match));
  }

  stop(): void {
    this.off();
  }

  /** Listens to every accepted order that is not itself a copy (after it met the book). */
  onPlaced(l: (e: PlacedOrder) => void): () => void {
    this.placedListeners.push(l);
    return () => this.placedListeners.splice(this.placedListeners.indexOf(l) >>> 0, 1);
  }

  /** Listens to orders a user cancelled that are not themselves copies (COPY-13 cancels the copies). */
  onCancelled(l: (o: OrderRow) => void): () => void {
    this.cancelledListeners.push(l);
    return () => this.cancelledListeners.splice(this.cancelledListeners.indexOf(l) >>> 0, 1);
  }

  /** Listens to positions that ended (closed, liquidated), after their transactions committed; may repeat. */
  onEnded(l: (p: PositionRow) => void): () => void {
    this.endedListeners.push(l);
    return () => this.endedListeners.splice(this.endedListeners.indexOf(l) >>> 0, 1);
  }

  /**
   * FUT-20, CORE-5: after a restart. When the trading core replayed its journal, the books already hold every
   * open order where it rested (each open order is checked against them); otherwise every open limit order goes
   * back into its book, oldest first.
   */
  restore(replayed = false): number {
    if (replayed) {
      const n = this.orders.adopt(this.deps.store.openOrders(), (o) => this.finish(o, 'user'));
      this.flush();
      return n;
    }
    let n = 0;
    for (const o of this.deps.store.openOrders()) {
      const rest = new Decimal(o.shares).minus(o.filledShares);
      const pos = o.positionId !== null ? this.deps.store.position(o.positionId) : undefined;
      const gone = o.action === 'close' && (!pos || pos.status !== 'open');
      if (!this.deps.books.has(o.symbol) || rest.lte(0) || o.type !== 'limit' || gone) {
        this.finish(o, gone ? 'positionClosed' : 'user');
        continue;
      }
      this.place(o, rest.toFixed());
      n++;
    }
    this.flush();
    return n;
  }

  pairOf(symbol: string): ContractPair {
    const pair = this.deps.pair(symbol);
    if (!pair || !this.deps.books.has(symbol)) throw new ApiFail(`${symbol.toUpperCase()} is not a futures pair here`);
    return pair;
  }

  available(userId: number): string {
    return this.deps.ledger.balance(userId, 'contract', 'USDT').available;
  }

  /** Places an order; `copyOf` (origin 'copy') names the lead trader whose copied position it opens or closes. */
  submit(userId: number, body: FuturesOrderBody, origin: OrderRow['origin'] = 'user', copyOf = 0): FuturesOrder {
    const { store } = this.deps;
    // PERF-87: the order of an earlier request with the same clientOrderId is looked up only when this one could
    // not be written (a refused check, or the row's UNIQUE (user_id, client_order_id)); nothing before the row
    // has a side effect, and the book is not touched until the row is written.
    let written: ReturnType<FuturesService['write']>;
    try {
      written = this.write(userId, body, origin, copyOf);
    } catch (err) {
      const same = earlierOrder(
        body.clientOrderId,
        err,
        (id) => store.byClientId(userId, id),
        (o) => differingTerm(o, body),
      );
      return orderView(same, this.deps.pair(same.symbol));
    }
    const { order, pair, pos, shares } = written;
    const orderId = order.id;
    this.place(order, quantityOf(pair, shares));
    this.flush();
    const placed = store.order(orderId)!;
    if (copyOf === 0 && origin !== 'copy')
      for (const l of [...this.placedListeners])
        try {
          l({ order: placed, positionSharesBefore: pos?.shares ?? '0' });
        } catch (err) {
          this.deps.onError(err, { event: 'futures_placed_listener_failed', order: orderId });
        }
    return orderView(placed, pair);
  }

  /** A new order's checks, its row and its hold or closing shares (one savepoint), before the book. */
  private write(userId: number, body: FuturesOrderBody, origin: OrderRow['origin'], copyOf: number) {
    const { store, ledger, books, clock } = this.deps;
    const pair = this.pairOf(body.symbol);
    const pos = store.openPosition(userId, body.symbol, body.side, copyOf);
    const pending = store.pendingOpens(userId, body.symbol, body.side, copyOf);
    const pendingShares = pending.reduce((s, o) => s.plus(o.shares).minus(o.filledShares), new Decimal(0));
    const best = books.best(body.symbol);
    const available = this.available(userId);
    const check = checkFuturesOrder(
      pair,
      {
        side: body.side,
        action: body.action,
        type: body.type,
        price: body.price,
        shares: body.shares,
        leverage: body.leverage,
        takeProfit: body.takeProfit,
        stopLoss: body.stopLoss,
      },
      {
        ...best,
        mark: this.deps.marks.current(body.symbol)?.price,
        available,
        position: pos && { ...pos, leverage: pos.leverage },
        pendingOpenShares: pendingShares.toFixed(),
      },
    );
    if (!check.ok) throw new ApiFail(check.message);
    const opening = body.action === 'open';
    const leverage = opening ? body.leverage! : pos!.leverage;
    if (opening && !pos && pending.some((o) => o.leverage !== leverage))
      throw new ApiFail(
        `Your open orders for this ${body.side} use ${pending[0].leverage}x: add to it at that leverage`,
      );
    const price = check.preview.protection ?? check.preview.price;
    const shares = new Decimal(body.shares).toFixed();
    // FUT-13: a short's fills can be at prices up to the best bid, so its hold is priced there at least.
    let holdPrice = price;
    if (opening && body.side === 'short' && best.bestBid && new Decimal(best.bestBid).gt(holdPrice))
      holdPrice = best.bestBid;
    const held = opening
      ? money(
          new Decimal(initialMargin(pair, shares, holdPrice, leverage)).plus(tradeFee(pair, 'open', shares, holdPrice)),
        )
      : '0';
    if (opening && new Decimal(held).gt(available))
      throw new ApiFail(`Insufficient USDT in the contract account: this needs ${held}`);
    const now = clock.now();
    const order = ledger.transaction((): OrderRow => {
      const fields: Omit<OrderRow, 'id'> = {
        userId,
        clientOrderId: body.clientOrderId ?? null,
        symbol: body.symbol,
        side: body.side,
        action: body.action,
        type: body.type,
        price,
        holdPrice,
        shares,
        filledShares: '0',
        filledNotional: '0',
        leverage,
        holdId: null,
        held,
        fee: '0',
        margin: '0',
        realisedPnl: '0',
        takeProfit: opening ? (body.takeProfit ?? null) : null,
        stopLoss: opening ? (body.stopLoss ?? null) : null,
        // The table's CHECK predates copy trading: a copy is stored as 'user' and told apart by copy_of (views).
        origin: origin === 'copy' ? 'user' : origin,
        copyOf,
        positionId: opening ? null : pos!.id,
        status: 'open',
        cancelReason: null,
        createdAt: now,
        updatedAt: now,
      };
      // The row as stored, without reading it back.
      const row: OrderRow = { ...fields, id: store.insertOrder(fields) };
      const id = row.id;
      if (opening) {
        const { hold } = ledger.hold({
          kind: 'futures_order',
          ref: String(id),
          userId,
          account: 'contract',
          coin: 'USDT',
          amount: held,
          memo: `open ${body.side} ${shares} ${body.symbol} at ${price}`,
        });
        row.holdId = hold.id;
        store.setHold(id, hold.id);
      } else {
        store.updatePosition({ ...pos!, closingShares: new Decimal(pos!.closingShares).plus(shares).toFixed() });
      }
      return row;
    });
    return { order, pair, pos, shares };
  }

  cancel(userId: number, id: number, reason: OrderRow['cancelReason'] = 'user'): FuturesOrder {
    const o = this.deps.store.order(id);
    if (!o || o.userId !== userId) throw new ApiFail(`Order ${id} was not found`);
    if (o.status === 'filled' || o.status === 'cancelled') throw new ApiFail(`Order ${id} is already ${o.status}`);
    this.cancelOrder(o, reason ?? 'user');
    this.flush();
    const done = this.deps.store.order(id)!;
    if (o.copyOf === 0)
      for (const l of [...this.cancelledListeners])
        try {
          l(done);
        } catch (err) {
          this.deps.onError(err, { event: 'futures_cancelled_listener_failed', order: id });
        }
    return orderView(done, this.deps.pair(o.symbol));
  }

  list(
    userId: number,
    q: { status: 'open' | 'history'; symbol?: string; clientOrderId?: string; pageNum: number; pageSize: number },
  ): { total: number; rows: FuturesOrder[] } {
    const { store } = this.deps;
    if (q.clientOrderId) {
      const o = store.byClientId(userId, q.clientOrderId);
      return { total: o ? 1 : 0, rows: o ? [orderView(o, this.deps.pair(o.symbol))] : [] };
    }
    const p = store.orderPage(userId, q.status === 'open', q.symbol, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { total: p.total, rows: p.rows.map((o) => orderView(o, this.deps.pair(o.symbol))) };
  }

  /** Takes an order out of its book and ends it. */
  cancelOrder(o: OrderRow, reason: NonNullable<OrderRow['cancelReason']>): void {
    this.orders.cancel(o.symbol, o.id);
    const now = this.deps.store.order(o.id)!;
    if (now.status === 'open' || now.status === 'partiallyFilled') this.finish(now, reason);
  }

  /** Cancels every open closing order of a position (it closed, was liquidated, or a TP/SL closes all of it). */
  cancelClosing(pos: PositionRow, reason: NonNullable<OrderRow['cancelReason']>): void {
    for (const o of this.deps.store.openOrdersOf(pos.userId, pos.symbol, pos.side, pos.copyOf))
      if (o.action === 'close' && o.positionId === pos.id) this.cancelOrder(o, reason);
  }

  /** Tells the listeners what changed (after the transactions have committed). */
  flush(): void {
    const evs = this.events;
    this.events = [];
    for (const { userId, e } of evs) this.deps.positionsChanged(userId, e);
    if (this.endedListeners.length === 0) return;
    const seen = new Set<number>();
    for (const { e } of evs) {
      if (e.kind === 'filled' || e.kind === 'funding' || e.kind === 'margin' || seen.has(e.positionId)) continue;
      seen.add(e.positionId);
      const p = this.deps.store.position(e.positionId);
      if (!p || p.status === 'open') continue;
      for (const l of [...this.endedListeners])
        try {
          l(p);
        } catch (err) {
          this.deps.onError(err, { event: 'futures_ended_listener_failed', position: p.id });
        }
    }
  }

  pushLater(userId: number, e: PositionEvent): void {
    this.events.push({ userId, e });
  }

  /**
   * Hands an order to the pair's book under the user's futures owner, its ref, and the user's self-trade group
   * (CORE-7: the same as the user's spot orders, so the two never trade with each other).
   */
  private place(o: OrderRow, amount: string): void {
    this.placing = true;
    let r;
    try {
      r = this.orders.place(o.symbol, o.id, o.userId, {
        owner: futuresOwner(o.userId),
        side: bookSide(o.side, o.action),
        kind: o.type,
        price: o.price,
        amount,
      });
    } finally {
      this.placing = false;
    }
    if (!r.ok) {
      this.deps.onError(new Error(r.error), { event: 'futures_place_refused', id: o.id });
      this.finish(this.deps.store.order(o.id)!, 'user');
      return;
    }
    this.settleState(o.id, r.order);
  }

  /**
   * Settles each fill of a match touching a futures order. A failure is not caught: it refuses the trading
   * core's whole batch, and the books go back with it (CORE-2).
   */
  private onMatch(symbol: string, match: BookMatch): void {
    const pair = this.deps.pair(symbol);
    if (!pair) return;
    const closed: PositionRow[] = [];
    for (const f of match.fills) {
      for (const bookId of [f.takerOrderId, f.makerOrderId]) {
        const id = this.orders.idOf(symbol, bookId);
        if (id === undefined) continue;
        const pos = this.deps.ledger.transaction(() => this.applyFill(pair, id, f));
        if (pos) closed.push(pos);
      }
    }
    this.orders.each(symbol, [...match.makers, match.order], (id, s) => this.settleState(id, s));
    for (const p of closed) this.afterClose(p, 'positionClosed');
    if (!this.placing) this.flush();
  }

  /** A position that ended: its closing orders and its take-profit/stop-loss entry are cancelled (FUT-17). */
  afterClose(p: PositionRow, reason: NonNullable<OrderRow['cancelReason']>): void {
    this.cancelClosing(p, reason);
    const { store, clock } = this.deps;
    if (p.lossId !== null) {
      const l = store.loss(p.lossId);
      if (l && l.status === 'active') store.updateLoss({ ...l, status: 'cancelled', updatedAt: clock.now() });
    }
  }

  /** One fill of one futures order; returns the position when the fill closed it. */
  private applyFill(pair: ContractPair, orderId: number, f: BookFill): PositionRow | undefined {
    const o = this.deps.store.order(orderId);
    if (!o) return undefined;
    const shares = new Decimal(f.amount).div(pair.shareNumber);
    const notional = new Decimal(f.amount).times(f.price);
    const filledShares = shares.plus(o.filledShares).toFixed();
    const filledNotional = notional.plus(o.filledNotional).toFixed();
    const base = {
      ...o,
      filledShares,
      filledNotional,
      status: new Decimal(filledShares).gte(o.shares) ? ('filled' as const) : ('partiallyFilled' as const),
      updatedAt: f.time,
    };
    return o.action === 'open'
      ? openFill(this, pair, o, base, shares.toFixed(), f)
      : closeFill(this, pair, o, base, shares.toFixed(), f);
  }

  private settleState(id: number, s: BookOrderState): void {
    const o = this.deps.store.order(id);
    if (!o) return;
    if (s.status === 'cancelled' || s.status === 'filled') this.finish(o, s.cancelReason ?? 'user');
    else this.deps.statusChanged(o.userId, { kind: 'futures', id, status: o.status });
  }

  /** Ends an order: what is left of an opening order's hold comes back; a closing order frees its shares. */
  finish(o: OrderRow, reason: NonNullable<OrderRow['cancelReason']>): void {
    const { ledger, store, clock } = this.deps;
    const filledAll = new Decimal(o.filledShares).gte(o.shares);
    const ended = o.status === 'filled' || o.status === 'cancelled';
    ledger.transaction(() => {
      if (o.holdId !== null) {
        const h = ledger.holdById(o.holdId);
        if (h && h.state === 'open')
          ledger.release(h.id, {
            kind: 'futures_release',
            ref: freshRef(ledger, 'futures_release', String(o.id)),
            userId: o.userId,
            memo: `order ${o.id} ended`,
          });
      }
      if (ended) return;
      if (o.action === 'close' && o.positionId !== null) {
        const p = store.position(o.positionId);
        const rest = new Decimal(o.shares).minus(o.filledShares);
        if (p && p.status === 'open' && rest.gt(0))
          store.updatePosition({
            ...p,
            closingShares: Decimal.max(0, new Decimal(p.closingShares).minus(rest)).toFixed(),
          });
      }
      store.updateOrder({
        ...o,
        status: filledAll ? 'filled' : 'cancelled',
        cancelReason: filledAll ? null : reason,
        updatedAt: clock.now(),
      });
    });
    this.deps.statusChanged(o.userId, { kind: 'futures', id: o.id, status: filledAll ? 'filled' : 'cancelled' });
  }
}

/**
 * SAFE-28: the first term in which a repeat under the same clientOrderId differs from the stored order (symbol,
 * side, action, type, shares, a limit order's price, an opening order's leverage, take-profit and stop-loss),
 * or undefined when it is the same order.
 */
function differingTerm(o: OrderRow, b: FuturesOrderBody): string | undefined {
  if (o.symbol !== b.symbol) return 'symbol';
  if (o.side !== b.side) return 'side';
  if (o.action !== b.action) return 'action';
  if (o.type !== b.type) return 'type';
  if (!sameDecimal(o.shares, b.shares)) return 'shares';
  if (b.type === 'limit' ? !sameDecimal(o.price, b.price) : b.price !== undefined) return 'price';
  if (b.action === 'open' && o.leverage !== b.leverage) return 'leverage';
  if (!sameOptional(o.takeProfit, b.takeProfit)) return 'takeProfit';
  if (!sameOptional(o.stopLoss, b.stopLoss)) return 'stopLoss';
  return undefined;
}

function sameOptional(a: string | null, b: string | undefined): boolean {
  return a === null || a === '' ? b === undefined || b === '' : sameDecimal(a, b);
}
