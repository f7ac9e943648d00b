/**
 * Spot orders (SPOT-1..12): the customer's orders meet the simulator's market makers and other customers in the
 * market's books (`MarketBooks`), and every hold, fill, fee and release is a ledger row.
 *
 * - Submit: the shared `checkSpotOrder` (the form runs the same function) against the book's best prices and the
 *   available balance; then one transaction stores the order and holds its worst cost plus fee (buy, quote coin)
 *   or its amount (sell, coin); then the book matches it. Nothing after the book may fail: the book lives in
 *   memory and cannot roll back, so everything that can refuse runs before it.
 * - Fills: the books tell `onUserMatch` of every match touching a user's order, whether the user took or made
 *   (a resting order filled by a simulated taker or a maker re-quote). Each fill is one journal row of kind
 *   `spot_fill`: the coin and the quote move between the two sides (the simulator's side is `house:market`),
 *   taken out of the orders' holds (LEDGER-10), the fees to `house:fees`. Quote amounts come from `fillShare`:
 *   rounding is paid once per order, so a hold always covers its order's fills.
 * - An order that ends (filled, cancelled by its owner, the unfilled rest of a market order, self-trade) gets what
 *   is left of its hold back.
 * - After a restart the open orders go back into the books, oldest first, before the simulator quotes again.
 */
import { Decimal, sameDecimal } from '../../../src/shared/decimal';
import type { SpotPair } from '../../../src/shared/schemas/coins';
import type { SpotFill, SpotOrder, SpotOrderBody } from '../../../src/shared/schemas/trading';
import { assetDecimals } from '../../../src/shared/amount';
import { discountedFee } from '../../../src/shared/rewards/vipRules';
import { checkSpotOrder, fillShare } from '../../../src/shared/trading/spotRules';
import type { BookMatch, BookOrderState, MarketBooks } from '../context';
import { BookOrders } from '../core/bookOrders';
import { earlierOrder } from '../core/clientOrderId';
import type { FeePaid } from '../events/tradingFees';
import type { StatusEvent } from '../events/userEvents';
import { ApiFail } from '../http/failures';
import type { Leg, Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { OrderRow, SpotStore } from './store';

export const MARKET_HOUSE = 'house:market';
export const FEES_HOUSE = 'house:fees';

export interface SpotDeps {
  ledger: Ledger;
  store: SpotStore;
  books: MarketBooks;
  clock: Clock;
  /** The listed spot pair, or undefined. */
  pair(symbol: string): SpotPair | undefined;
  statusChanged(userId: number, e: StatusEvent): void;
  onError(err: unknown, context: Record<string, unknown>): void;
  /** VIP-4: the fraction taken off this user's fees ("0" or absent = none). */
  feeDiscount?(userId: number): string;
  /** REB-3: told of each fee a user paid, inside the fill's transaction. */
  feePaid?(e: FeePaid): void;
}

export class SpotService {
  private readonly off: () => void;
  /** The book glue (CORE-1): refs "spot:<id>", self-trade group, lookups, the check after a replay. */
  private readonly orders: BookOrders;

  constructor(private readonly deps: SpotDeps) {
    this.orders = new BookOrders(deps.books, 'spot', deps.onError);
    this.off = deps.books.onUserMatch((symbol, match) => this.onMatch(symbol, match));
  }

  stop(): void {
    this.off();
  }

  /**
   * SPOT-11, CORE-5: after a restart. When the trading core replayed its journal, the books already hold every
   * open order where it rested: each open order is checked against them (an order the books do not hold ends, a
   * book order without an open row leaves the book). Otherwise every open order goes back into its book, oldest
   * first.
   */
  restore(replayed = false): number {
    if (replayed) return this.orders.adopt(this.deps.store.openOrders(), (o) => this.finish(o, 'user'));
    let n = 0;
    for (const o of this.deps.store.openOrders()) {
      const remaining = new Decimal(o.amount).minus(o.filled);
      if (!this.deps.books.has(o.symbol) || remaining.lte(0) || o.type !== 'limit') {
        this.finish(o, 'user');
        continue;
      }
      this.place(o, remaining.toFixed());
      n++;
    }
    return n;
  }

  submit(userId: number, body: SpotOrderBody): SpotOrder {
    const { store } = this.deps;
    // PERF-87: the order of an earlier request with the same clientOrderId is looked up only when this one could
    // not be written (a refused check, or the row's UNIQUE (user_id, client_order_id)); nothing before the row
    // has a side effect, and the book is not touched until the row is written.
    let placing: { order: OrderRow; amount: string; pair: SpotPair };
    try {
      placing = this.write(userId, body);
    } catch (err) {
      const same = earlierOrder(
        body.clientOrderId,
        err,
        (id) => store.byClientId(userId, id),
        (o) => differingTerm(o, body),
      );
      return view(same, this.deps.pair(same.symbol));
    }
    const { order, amount, pair } = placing;
    this.place(order, amount);
    return view(store.order(order.id)!, pair);
  }

  /** A new order's checks, its row and its hold (one savepoint), before the book. */
  private write(userId: number, body: SpotOrderBody): { order: OrderRow; amount: string; pair: SpotPair } {
    const { store, ledger, books, clock } = this.deps;
    const pair = this.deps.pair(body.symbol);
    if (!pair || !books.has(body.symbol)) throw new ApiFail(`${body.symbol.toUpperCase()} is not a spot pair here`);
    const holdCoin = body.side === 'buy' ? pair.baseCoin : pair.coin;
    const available = ledger.balance(userId, 'platform', holdCoin).available;
    const check = checkSpotOrder(pair, body, books.best(body.symbol), available);
    if (!check.ok) throw new ApiFail(check.message);
    const now = clock.now();
    const amount = canonical(body.amount);
    const order = ledger.transaction((): OrderRow => {
      const fields = {
        userId,
        clientOrderId: body.clientOrderId ?? null,
        symbol: body.symbol,
        side: body.side,
        type: body.type,
        price: check.price,
        amount,
        status: 'open' as const,
        createdAt: now,
        updatedAt: now,
      };
      const id = store.insertOrder(fields);
      const { hold } = ledger.hold({
        kind: 'spot_order',
        ref: String(id),
        userId,
        account: 'platform',
        coin: check.holdCoin,
        amount: check.hold,
        memo: `${body.side} ${amount} ${pair.coin} at ${check.price}`,
      });
      store.setHold(id, hold.id);
      // The row as stored (the columns' defaults: nothing filled yet), without reading it back.
      return { ...fields, id, filled: '0', filledTotal: '0', fee: '0', cancelReason: null, holdId: hold.id };
    });
    return { order, amount, pair };
  }

  cancel(userId: number, id: number): SpotOrder {
    const o = this.deps.store.order(id);
    if (!o || o.userId !== userId) throw new ApiFail(`Order ${id} was not found`);
    if (o.status === 'filled' || o.status === 'cancelled') throw new ApiFail(`Order ${id} is already ${o.status}`);
    this.orders.cancel(o.symbol, id);
    const now = this.deps.store.order(id)!;
    if (now.status === 'open' || now.status === 'partiallyFilled') this.finish(now, 'user');
    return view(this.deps.store.order(id)!, this.deps.pair(o.symbol));
  }

  byClientId(userId: number, clientOrderId: string): SpotOrder {
    const o = this.deps.store.byClientId(userId, clientOrderId);
    if (!o) throw new ApiFail(`No order with clientOrderId ${clientOrderId}`);
    return view(o, this.deps.pair(o.symbol));
  }

  list(userId: number, q: { status: 'open' | 'history'; symbol?: string; pageNum: number; pageSize: number }) {
    const p = this.deps.store.page(userId, q.status === 'open', q.symbol, q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { total: p.total, rows: p.rows.map((o) => view(o, this.deps.pair(o.symbol))) };
  }

  fills(
    userId: number,
    q: { symbol?: string; from?: number; to?: number; pageNum: number; pageSize: number },
  ): { total: number; rows: SpotFill[] } {
    const p = this.deps.store.fills(userId, q.symbol, q.pageSize, (q.pageNum - 1) * q.pageSize, q);
    return {
      total: p.total,
      rows: p.rows.map((f) => ({
        id: f.id,
        orderId: f.orderId,
        symbol: f.symbol,
        side: f.side,
        role: f.role,
        price: f.price,
        amount: f.amount,
        total: f.total,
        fee: f.fee,
        feeCoin: this.deps.pair(f.symbol)?.baseCoin ?? 'USDT',
        tradeId: f.tradeId,
        time: f.time,
      })),
    };
  }

  /** Hands an order (or its rest, after a restart) to the book; the matches come back through onMatch. */
  /**
   * Hands an order (or its rest, after a restart) to the book under its ref and the user's self-trade group
   * (CORE-7: the user's futures orders are in the same group); the matches come back through onMatch.
   */
  private place(o: OrderRow, amount: string): void {
    const r = this.orders.place(o.symbol, o.id, o.userId, {
      owner: o.userId,
      side: o.side,
      kind: o.type,
      price: o.price,
      amount,
    });
    if (!r.ok) {
      this.deps.onError(new Error(r.error), { event: 'spot_place_refused', id: o.id });
      this.finish(this.deps.store.order(o.id)!, 'user');
      return;
    }
    this.settleState(o.id, r.order);
  }

  /**
   * SPOT-6: one journal row per fill touching a user's order, then the ended orders' holds come back. A failure
   * here is not caught: it refuses the trading core's whole batch, and the books go back with it (CORE-2).
   */
  private onMatch(symbol: string, match: BookMatch): void {
    const pair = this.deps.pair(symbol);
    if (!pair) return;
    this.deps.ledger.transaction(() => {
      for (const f of match.fills) this.applyFill(symbol, pair, f);
    });
    this.orders.each(symbol, [...match.makers, match.order], (id, s) => this.settleState(id, s));
  }

  private applyFill(symbol: string, pair: SpotPair, f: BookMatch['fills'][number]): void {
    const { store, ledger } = this.deps;
    const makerSide = f.takerSide === 'buy' ? 'sell' : 'buy';
    const sides = [
      {
        side: f.takerSide,
        role: 'taker' as const,
        orderId: this.orders.idOf(symbol, f.takerOrderId),
      },
      {
        side: makerSide,
        role: 'maker' as const,
        orderId: this.orders.idOf(symbol, f.makerOrderId),
      },
    ];
    const exact = new Decimal(f.price).times(f.amount);
    const entries: Leg[] = [];
    const fromHolds: { holdId: number; amount: string }[] = [];
    const rows: { o: OrderRow; role: 'maker' | 'taker'; total: string; fee: string; after: string }[] = [];
    let userId: number | null = null;
    // The quote coin's legs so far (the market's and the users'); the fee account takes what makes them zero.
    let quoteSum = new Decimal(0);
    for (const s of sides) {
      const o = s.orderId !== undefined ? store.order(s.orderId) : undefined;
      if (!o) {
        // The simulator's side (or a futures order, settled by the futures service): the exact total, no fee.
        const signCoin = s.side === 'buy' ? 1 : -1;
        const quoteLeg = exact.times(-signCoin);
        entries.push(
          { house: MARKET_HOUSE, coin: pair.coin, amount: new Decimal(f.amount).times(signCoin).toFixed() },
          { house: MARKET_HOUSE, coin: pair.baseCoin, amount: quoteLeg.toFixed() },
        );
        quoteSum = quoteSum.plus(quoteLeg);
        continue;
      }
      userId ??= o.userId;
      const after = new Decimal(o.filledTotal).plus(exact).toFixed();
      const share = this.discounted(pair, o, fillShare(pair, o.side, o.filledTotal, after));
      if (o.side === 'buy') {
        entries.push({ userId: o.userId, account: 'platform', coin: pair.coin, amount: f.amount });
        if (!new Decimal(share.net).isZero()) fromHolds.push({ holdId: o.holdId!, amount: share.net });
        quoteSum = quoteSum.minus(share.net);
      } else {
        fromHolds.push({ holdId: o.holdId!, amount: f.amount });
        quoteSum = quoteSum.plus(share.net);
        if (!new Decimal(share.net).isZero())
          entries.push({ userId: o.userId, account: 'platform', coin: pair.baseCoin, amount: share.net });
      }
      rows.push({ o, role: s.role, total: share.total, fee: share.fee, after });
    }
    // No spot user on either side (a futures order against the maker, FUT-12): nothing for spot to settle.
    if (rows.length === 0) return;
    // The simulator's side moved the exact total; what the users' rounded sums leave is the fees.
    if (!quoteSum.isZero()) entries.push({ house: FEES_HOUSE, coin: pair.baseCoin, amount: quoteSum.neg().toFixed() });
    const journal = ledger.post({
      kind: 'spot_fill',
      ref: `${symbol}:${f.tradeId}`,
      userId,
      memo: `${f.amount} ${pair.coin} at ${f.price}`,
      entries,
      fromHolds,
    });
    for (const r of rows) {
      const filled = new Decimal(r.o.filled).plus(f.amount);
      store.update({
        id: r.o.id,
        filled: filled.toFixed(),
        filledTotal: r.after,
        // The order's fee is the sum of its fills' fees (without a discount, orderSums' fee of the whole order).
        fee: new Decimal(r.o.fee).plus(r.fee).toFixed(),
        status: filled.gte(r.o.amount) ? 'filled' : 'partiallyFilled',
        cancelReason: null,
        updatedAt: f.time,
      });
      store.insertFill({
        orderId: r.o.id,
        userId: r.o.userId,
        symbol,
        side: r.o.side,
        role: r.role,
        price: f.price,
        amount: f.amount,
        total: r.total,
        fee: r.fee,
        tradeId: f.tradeId,
        time: f.time,
        journalId: journal.id,
      });
      if (new Decimal(r.fee).gt(0))
        this.deps.feePaid?.({
          userId: r.o.userId,
          coin: pair.baseCoin,
          amount: r.fee,
          source: 'spot',
          ref: `spot:${symbol}:${f.tradeId}:${r.o.id}`,
        });
    }
  }

  /**
   * VIP-4: a fill's share with the user's fee discount: the fee rounded up to the quote coin's decimals, never
   * above the pair's fee, so a buy's hold still covers it; the net moves by what the discount takes off.
   */
  private discounted(
    pair: SpotPair,
    o: OrderRow,
    share: { total: string; fee: string; net: string },
  ): { total: string; fee: string; net: string } {
    const discount = this.deps.feeDiscount?.(o.userId) ?? '0';
    if (!new Decimal(discount).gt(0) || !new Decimal(share.fee).gt(0)) return share;
    const fee = discountedFee(share.fee, discount, assetDecimals(pair.baseCoin));
    const off = new Decimal(share.fee).minus(fee);
    const net = o.side === 'buy' ? new Decimal(share.net).minus(off) : new Decimal(share.net).plus(off);
    return { total: share.total, fee, net: net.toFixed() };
  }

  /** Orders the book reports ended (filled, cancelled) give back their hold; every touched order is announced. */
  private settleState(id: number, s: BookOrderState): void {
    const o = this.deps.store.order(id);
    if (!o) return;
    if (s.status === 'cancelled' || s.status === 'filled') this.finish(o, s.cancelReason ?? 'user');
    else this.deps.statusChanged(o.userId, { kind: 'spot', id, status: o.status, facts: orderFacts(o) });
  }

  /**
   * Ends an order: filled when all of it filled, else cancelled; what is left of its hold comes back (a buy filled
   * below its limit, or a market buy below its protection price, leaves some).
   */
  private finish(o: OrderRow, reason: 'user' | 'market' | 'selfTrade'): void {
    const { ledger, store, clock } = this.deps;
    const filledAll = new Decimal(o.filled).gte(o.amount);
    const ended = o.status === 'filled' || o.status === 'cancelled';
    ledger.transaction(() => {
      const h = o.holdId !== null ? ledger.holdById(o.holdId) : undefined;
      if (h && h.state === 'open')
        ledger.release(h.id, {
          kind: 'spot_release',
          ref: String(o.id),
          userId: o.userId,
          memo: `order ${o.id} ended`,
        });
      if (!ended)
        store.update({
          id: o.id,
          filled: o.filled,
          filledTotal: o.filledTotal,
          fee: o.fee,
          status: filledAll ? 'filled' : 'cancelled',
          cancelReason: filledAll ? null : reason,
          updatedAt: clock.now(),
        });
    });
    this.deps.statusChanged(o.userId, {
      kind: 'spot',
      id: o.id,
      status: filledAll ? 'filled' : 'cancelled',
      facts: orderFacts(o),
    });
  }
}

/**
 * PERF-72: the order's facts as the inbox writes them into a fill's message (what it would read from the row):
 * the row in hand is the row as it is now (ending an order changes neither its fills nor its terms).
 */
function orderFacts(o: OrderRow): Record<string, string> {
  return {
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    amount: o.amount,
    filled: o.filled,
    filledTotal: o.filledTotal,
  };
}

/** "1.50" -> "1.5" (amounts are stored and compared canonical). */
function canonical(s: string): string {
  return new Decimal(s).toFixed();
}

export function view(o: OrderRow, pair: SpotPair | undefined): SpotOrder {
  const filled = new Decimal(o.filled);
  const total = new Decimal(o.filledTotal);
  const ps = pair?.basePrecision ?? 8;
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    price: o.price,
    amount: o.amount,
    filled: o.filled,
    filledTotal: o.filledTotal,
    avgPrice: filled.isZero()
      ? null
      : total
          .div(filled)
          .toDecimalPlaces(ps + 2, Decimal.ROUND_HALF_EVEN)
          .toFixed(),
    fee: o.fee,
    feeCoin: pair?.baseCoin ?? 'USDT',
    status: o.status,
    cancelReason: o.cancelReason,
    createTime: o.createdAt,
    updateTime: o.updatedAt,
  };
}

/**
 * SAFE-28: the first term in which a repeat under the same clientOrderId differs from the stored order (every
 * term the order carries: symbol, side, type, amount, and a limit order's price; a market order's stored price
 * is its protection price, which the client never sends), or undefined when it is the same order.
 */
function differingTerm(o: OrderRow, b: SpotOrderBody): string | undefined {
  if (o.symbol !== b.symbol) return 'symbol';
  if (o.side !== b.side) return 'side';
  if (o.type !== b.type) return 'type';
  if (!sameDecimal(o.amount, b.amount)) return 'amount';
  if (b.type === 'limit' ? !sameDecimal(o.price, b.price) : b.price !== undefined) return 'price';
  return undefined;
}
