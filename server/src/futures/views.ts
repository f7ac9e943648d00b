/** Stored rows as the API's shapes (src/shared/schemas/futures.ts, records.ts). */
import { Decimal } from '../../../src/shared/decimal';
import type { ContractPair } from '../../../src/shared/schemas/coins';
import type { FuturesOrder, LossEntry, MarkEvidence, MarkTick, Position } from '../../../src/shared/schemas/futures';
import type { FuturesRecord } from '../../../src/shared/schemas/records';
import { ENTRY_EXTRA_DECIMALS, markFigures, quantityOf } from '../../../src/shared/trading/futuresRules';
import type { LossRow, OrderRow, PositionRow, RecordRow } from './store';

export function orderView(o: OrderRow, pair: ContractPair | undefined): FuturesOrder {
  const filled = new Decimal(o.filledShares);
  const qty = pair ? filled.times(pair.shareNumber) : filled;
  const dp = (pair?.baseScale ?? 8) + ENTRY_EXTRA_DECIMALS;
  const open = o.status === 'open' || o.status === 'partiallyFilled';
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    action: o.action,
    type: o.type,
    price: o.price,
    shares: o.shares,
    filledShares: o.filledShares,
    avgPrice: filled.isZero()
      ? null
      : new Decimal(o.filledNotional).div(qty).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(),
    leverage: o.leverage,
    heldMargin: open && o.action === 'open' ? new Decimal(o.held).minus(o.margin).minus(o.fee).toFixed(6) : '0',
    fee: o.fee,
    realisedPnl: o.realisedPnl,
    takeProfit: o.takeProfit,
    stopLoss: o.stopLoss,
    origin: o.copyOf !== 0 && o.origin === 'user' ? 'copy' : o.origin,
    copyOf: o.copyOf || null,
    status: o.status,
    cancelReason: o.cancelReason,
    createTime: o.createdAt,
    updateTime: o.updatedAt,
  };
}

export function positionView(p: PositionRow, pair: ContractPair | undefined, mark?: MarkTick): Position {
  const out: Position = {
    id: p.id,
    symbol: p.symbol,
    side: p.side,
    leverage: p.leverage,
    shares: p.shares,
    quantity: pair ? quantityOf(pair, p.shares) : p.shares,
    entryPrice: p.entryPrice,
    margin: p.margin,
    liquidationPrice: p.liquidationPrice,
    lossRate: pair?.lossRate ?? '0',
    takeProfit: p.takeProfit,
    stopLoss: p.stopLoss,
    closingShares: p.closingShares,
    realisedPnl: p.realisedPnl,
    fees: p.fees,
    funding: p.funding,
    status: p.status,
    closePrice: p.closePrice,
    liquidation: p.liquidation ? (JSON.parse(p.liquidation) as MarkEvidence) : null,
    createTime: p.createdAt,
    updateTime: p.updatedAt,
    closeTime: p.closeTime,
    copyOf: p.copyOf || null,
  };
  if (mark && pair && p.status === 'open')
    out.mark = { price: mark.price, time: mark.time, ...markFigures(pair, p, mark.price) };
  else if (mark !== undefined) out.mark = null;
  return out;
}

export function lossView(l: LossRow): LossEntry {
  return {
    id: l.id,
    positionId: l.positionId,
    symbol: l.symbol,
    side: l.side,
    takeProfit: l.takeProfit,
    stopLoss: l.stopLoss,
    status: l.status,
    triggeredBy: l.triggeredBy,
    trigger: l.trigger ? (JSON.parse(l.trigger) as MarkEvidence) : null,
    createTime: l.createdAt,
    updateTime: l.updatedAt,
  };
}

export function recordView(r: RecordRow): FuturesRecord {
  return {
    id: String(r.id),
    time: r.time,
    symbol: r.symbol,
    side: r.side,
    kind: r.kind,
    positionId: r.positionId,
    orderId: r.orderId,
    tradeId: r.tradeId,
    shares: r.shares,
    price: r.price,
    fee: r.fee,
    pnl: r.pnl,
    rate: r.rate,
  };
}
