/**
 * Settling one fill of a futures order (FUT-13, FUT-15, FUT-16), inside the caller's transaction.
 *
 * - Opening fill: margin and fee of the order's cumulative notional (rounding paid once per order) come out of
 *   the order's hold: the fee to house:fees, the margin into the position's one margin hold.
 * - Closing fill: the released share of the margin comes out of the position's hold; the PnL is paid between the
 *   user and house:futures, the close fee to house:fees; a loss beyond the released margin is the house's.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { ContractPair } from '../../../src/shared/schemas/coins';
import { discountedFee } from '../../../src/shared/rewards/vipRules';
import { checkTpSl } from '../../../src/shared/trading/futuresChecks';
import {
  averageEntry,
  liquidationPrice,
  MONEY_DECIMALS,
  pnlAt,
  releasedMargin,
  tradeFee,
} from '../../../src/shared/trading/futuresRules';
import type { BookFill } from '../context';
import { FEES_HOUSE, FUTURES_HOUSE, freshRef, heldBy, houseLeg, legs, money, reholdMargin, userLeg } from './money';
import type { FuturesService } from './service';
import type { OrderRow, PositionRow } from './store';

const up = (d: Decimal) => d.toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_UP);

/** VIP-4: a fee after the user's discount (never above the pair's fee: rounded up to the same decimals). */
function discounted(svc: FuturesService, userId: number, fee: Decimal): Decimal {
  const discount = svc.deps.feeDiscount?.(userId) ?? '0';
  if (!new Decimal(discount).gt(0) || !fee.gt(0)) return fee;
  return new Decimal(discountedFee(fee.toFixed(), discount, MONEY_DECIMALS));
}

/** REB-3: tells the fee's listeners (the rebates), inside the fill's transaction. */
function paid(svc: FuturesService, userId: number, fee: Decimal, ref: string): void {
  if (fee.gt(0)) svc.deps.feePaid?.({ userId, coin: 'USDT', amount: fee.toFixed(), source: 'futures', ref });
}

export function openFill(
  svc: FuturesService,
  pair: ContractPair,
  o: OrderRow,
  next: OrderRow,
  shares: string,
  f: BookFill,
): undefined {
  const { store, ledger } = svc.deps;
  const cumMargin = (n: string) => up(new Decimal(n).div(o.leverage));
  const cumFee = (n: string) => up(new Decimal(n).times(pair.openFee || '0'));
  let margin = cumMargin(next.filledNotional).minus(cumMargin(o.filledNotional));
  let fee = discounted(svc, o.userId, cumFee(next.filledNotional).minus(cumFee(o.filledNotional)));
  // Never more than the order still holds (the hold price bounds every fill; this only guards it).
  const left = new Decimal(heldBy(ledger, o.holdId));
  if (margin.plus(fee).gt(left)) {
    fee = Decimal.min(fee, left);
    margin = left.minus(fee);
  }
  const pos = store.openPosition(o.userId, o.symbol, o.side, o.copyOf);
  const now = f.time;
  let posId: number;
  if (!pos) {
    posId = store.insertPosition({
      userId: o.userId,
      symbol: o.symbol,
      side: o.side,
      leverage: o.leverage,
      shares: '0',
      entryPrice: '0',
      margin: money(0),
      liquidationPrice: '0',
      holdId: null,
      takeProfit: null,
      stopLoss: null,
      lossId: null,
      closingShares: '0',
      realisedPnl: money(0),
      fees: money(0),
      funding: money(0),
      status: 'open',
      closePrice: null,
      liquidation: null,
      createdAt: now,
      updatedAt: now,
      closeTime: null,
      copyOf: o.copyOf,
    });
  } else posId = pos.id;
  const p = store.position(posId)!;
  const journal = margin.plus(fee).isZero()
    ? undefined
    : ledger.post({
        kind: 'futures_open',
        ref: freshRef(ledger, 'futures_open', `${o.id}:${f.tradeId}`),
        userId: o.userId,
        memo: `open ${o.side} ${shares} ${o.symbol} at ${f.price}`,
        entries: legs(userLeg(o.userId, margin), houseLeg(FEES_HOUSE, fee)),
        fromHolds: [{ holdId: o.holdId!, amount: margin.plus(fee).toFixed() }],
      });
  if (journal) paid(svc, o.userId, fee, `futures:${journal.ref}`);
  const marginAfter = money(new Decimal(p.margin).plus(margin));
  const entryPrice = averageEntry(pair, new Decimal(p.shares).isZero() ? undefined : p, shares, f.price);
  const sharesAfter = new Decimal(p.shares).plus(shares).toFixed();
  const holdId = reholdMargin(ledger, p, marginAfter, `order ${o.id} filled`);
  const after: PositionRow = {
    ...p,
    shares: sharesAfter,
    entryPrice,
    margin: marginAfter,
    liquidationPrice: liquidationPrice(pair, { side: p.side, shares: sharesAfter, entryPrice, margin: marginAfter }),
    holdId,
    fees: money(new Decimal(p.fees).plus(fee)),
    updatedAt: now,
  };
  store.updatePosition(after);
  store.updateOrder({
    ...next,
    fee: money(new Decimal(o.fee).plus(fee)),
    margin: money(new Decimal(o.margin).plus(margin)),
    positionId: posId,
  });
  store.insertRecord({
    userId: o.userId,
    time: now,
    symbol: o.symbol,
    side: o.side,
    kind: 'open',
    positionId: posId,
    orderId: o.id,
    tradeId: f.tradeId,
    shares,
    price: f.price,
    fee: money(fee),
    pnl: money(0),
    rate: null,
    journalId: journal?.id ?? null,
  });
  // FUT-9: the order's take-profit and stop-loss go on the position at its first fill, if still valid.
  if (new Decimal(o.filledShares).isZero() && (o.takeProfit || o.stopLoss)) setTpSlFromOrder(svc, pair, o, now);
  svc.pushLater(o.userId, { kind: 'filled', positionId: posId, symbol: o.symbol });
  return undefined;
}

function setTpSlFromOrder(svc: FuturesService, pair: ContractPair, o: OrderRow, now: number): void {
  const { store } = svc.deps;
  const p = store.openPosition(o.userId, o.symbol, o.side, o.copyOf)!;
  const mark = svc.deps.marks.current(o.symbol)?.price ?? p.entryPrice;
  const ok = checkTpSl(pair, p.side, mark, p.liquidationPrice, o.takeProfit, o.stopLoss);
  if (!ok.ok) {
    svc.deps.onError(new Error(ok.message), { event: 'futures_tpsl_not_set', order: o.id });
    return;
  }
  if (p.lossId !== null) {
    const l = store.loss(p.lossId);
    if (l && l.status === 'active') store.updateLoss({ ...l, status: 'cancelled', updatedAt: now });
  }
  const lossId = store.insertLoss({
    userId: p.userId,
    positionId: p.id,
    symbol: p.symbol,
    side: p.side,
    takeProfit: o.takeProfit,
    stopLoss: o.stopLoss,
    status: 'active',
    triggeredBy: null,
    trigger: null,
    createdAt: now,
    updatedAt: now,
  });
  store.updatePosition({ ...p, takeProfit: o.takeProfit, stopLoss: o.stopLoss, lossId });
}

export function closeFill(
  svc: FuturesService,
  pair: ContractPair,
  o: OrderRow,
  next: OrderRow,
  raw: string,
  f: BookFill,
): PositionRow | undefined {
  const { store, ledger } = svc.deps;
  const p = o.positionId !== null ? store.position(o.positionId) : undefined;
  if (!p || p.status !== 'open') {
    svc.deps.onError(new Error('close fill without an open position'), {
      event: 'futures_close_orphan',
      order: o.id,
    });
    store.updateOrder(next);
    return undefined;
  }
  // Reduce-only (FUT-15): a close never takes more than the position has.
  const shares = Decimal.min(raw, p.shares).toFixed();
  // The position's margin is its hold (FUT-13); the released share never exceeds what it holds.
  const released = Decimal.min(releasedMargin(p, shares), heldBy(ledger, p.holdId));
  const pnl = new Decimal(pnlAt(pair, p.side, p.entryPrice, shares, f.price));
  const fee = discounted(svc, o.userId, new Decimal(tradeFee(pair, 'close', shares, f.price)));
  // Isolated margin: what the user can lose on these shares is their released margin.
  const pnlPaid = Decimal.max(pnl, released.neg());
  const feePaid = Decimal.min(fee, released.plus(pnlPaid));
  const net = released.plus(pnlPaid).minus(feePaid);
  const entries = legs(userLeg(o.userId, net), houseLeg(FUTURES_HOUSE, pnlPaid.neg()), houseLeg(FEES_HOUSE, feePaid));
  const journal =
    entries.length === 0
      ? undefined
      : ledger.post({
          kind: 'futures_close',
          ref: freshRef(ledger, 'futures_close', `${o.id}:${f.tradeId}`),
          userId: o.userId,
          memo: `close ${p.side} ${shares} ${p.symbol} at ${f.price}`,
          entries,
          fromHolds: released.isZero() ? [] : [{ holdId: p.holdId!, amount: released.toFixed() }],
        });
  if (journal) paid(svc, o.userId, feePaid, `futures:${journal.ref}`);
  const rest = new Decimal(p.shares).minus(shares);
  const marginAfter = money(new Decimal(p.margin).minus(released));
  const ended = rest.isZero();
  const after: PositionRow = {
    ...p,
    shares: ended ? p.shares : rest.toFixed(),
    margin: ended ? money(0) : marginAfter,
    liquidationPrice: ended
      ? p.liquidationPrice
      : liquidationPrice(pair, {
          side: p.side,
          shares: rest.toFixed(),
          entryPrice: p.entryPrice,
          margin: marginAfter,
        }),
    holdId: ended ? null : p.holdId,
    closingShares: Decimal.max(0, new Decimal(p.closingShares).minus(shares)).toFixed(),
    realisedPnl: money(new Decimal(p.realisedPnl).plus(pnlPaid)),
    fees: money(new Decimal(p.fees).plus(feePaid)),
    status: ended ? 'closed' : 'open',
    closePrice: ended ? f.price : p.closePrice,
    closeTime: ended ? f.time : null,
    updatedAt: f.time,
  };
  store.updatePosition(after);
  store.updateOrder({
    ...next,
    fee: money(new Decimal(o.fee).plus(feePaid)),
    realisedPnl: money(new Decimal(o.realisedPnl).plus(pnlPaid)),
  });
  store.insertRecord({
    userId: o.userId,
    time: f.time,
    symbol: o.symbol,
    side: o.side,
    kind: o.origin === 'user' || o.origin === 'copy' ? 'close' : o.origin,
    positionId: p.id,
    orderId: o.id,
    tradeId: f.tradeId,
    shares,
    price: f.price,
    fee: money(feePaid),
    pnl: money(pnlPaid),
    rate: null,
    journalId: journal?.id ?? null,
  });
  const kind = o.origin === 'user' || o.origin === 'copy' ? (ended ? 'closed' : 'filled') : o.origin;
  svc.pushLater(o.userId, { kind, positionId: p.id, symbol: p.symbol });
  return ended ? after : undefined;
}
