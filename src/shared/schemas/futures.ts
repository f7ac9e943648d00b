/**
 * Shapes of USDT-margined futures (spec 7.4 contract/*; FUT rules in docs/spec/futures.md): orders, positions,
 * take-profit and stop-loss, marks and funding. Prices and amounts are exact decimal strings; times are server ms.
 *
 * Model (FUT-1): hedge mode with isolated margin. A user has at most one open position per pair and side
 * (long, short); "open" orders add to it, "close" orders reduce it and can never flip it (reduce-only by
 * construction). Sizes are whole shares; one share is the pair's `shareNumber` of the coin.
 */
import { z } from 'zod';
import { amountStr, bodyInt, queryInt } from './strict';
import { pageNum, pageSizeUpTo, PairSymbol as Symbol } from './paging';
import { DecimalStr } from '../money';
import { ClientOrderId } from './trading';

const pageSize = pageSizeUpTo(100_000);

const idNumber = z.number().int().positive('id must be a positive id');
const Id = queryInt(idNumber);
const BodyId = bodyInt(idNumber);

export const PositionSide = z.enum(['long', 'short']);
export type PositionSide = z.infer<typeof PositionSide>;
export const FuturesAction = z.enum(['open', 'close']);
export type FuturesAction = z.infer<typeof FuturesAction>;
export const FuturesOrderType = z.enum(['limit', 'market']);
export type FuturesOrderType = z.infer<typeof FuturesOrderType>;

/** Whole shares as a decimal string without a fraction ("12"). */
export const SharesStr = amountStr({ field: 'Size' }).regex(/^\d{1,15}$/, 'Size is a whole number of shares');

/** A mark tick (FUT-3) with both its inputs: the index and the smoothed basis, and the tape's last trade. */
export const MarkTick = z.object({
  symbol: z.string(),
  /** The mark price: index + basis, clamped to the band around the index (FUT-3). */
  price: DecimalStr,
  /** The mark update's time (a multiple of the mark interval). */
  time: z.number().int(),
  /** The index sampled at `time`: the reference price no order on the book moves. */
  index: DecimalStr,
  /** The basis: (last trade - index) averaged over the basis window, before the band's clamp. */
  basis: DecimalStr,
  /** The last public trade at or before `time` (the basis sample's trade). */
  tradeId: z.number().int(),
  tradeTime: z.number().int(),
});
export type MarkTick = z.infer<typeof MarkTick>;
/** A mark tick kept as evidence (a liquidation, a TP/SL trigger); ticks kept before FUT-3's index have none. */
export const MarkEvidence = MarkTick.extend({ index: DecimalStr.optional(), basis: DecimalStr.optional() });
export type MarkEvidence = z.infer<typeof MarkEvidence>;

// ------------------------------------------------------------------------------------------------ orders

/** POST /api/contract/order/submit. */
export const FuturesOrderBody = z.object({
  symbol: Symbol,
  side: PositionSide,
  action: FuturesAction,
  type: FuturesOrderType,
  /** Required for limit orders, refused on market orders (they trade at most 5 % from the best price). */
  price: amountStr({ field: 'Price' }).optional(),
  shares: SharesStr,
  /** Required to open: one of the pair's leverages, and the open position's leverage if there is one. */
  leverage: bodyInt(z.number().int().positive('Choose a leverage')).optional(),
  /** Opening only: take-profit and stop-loss set on the position when the order fills (FUT-9). */
  takeProfit: amountStr({ field: 'Take-profit' }).optional(),
  stopLoss: amountStr({ field: 'Stop-loss' }).optional(),
  clientOrderId: ClientOrderId.optional(),
});
export type FuturesOrderBody = z.infer<typeof FuturesOrderBody>;

export const FuturesOrderStatus = z.enum(['open', 'partiallyFilled', 'filled', 'cancelled']);
export type FuturesOrderStatus = z.infer<typeof FuturesOrderStatus>;

export const FuturesOrder = z.object({
  id: z.number().int(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: PositionSide,
  action: FuturesAction,
  type: FuturesOrderType,
  /** The limit price; for a market order its protection price. */
  price: DecimalStr,
  shares: DecimalStr,
  filledShares: DecimalStr,
  avgPrice: DecimalStr.nullable(),
  leverage: z.number().int(),
  /** Opening orders: the margin and fee held for the unfilled part. */
  heldMargin: DecimalStr,
  fee: DecimalStr,
  /** Realised PnL of a closing order's fills (before fees). */
  realisedPnl: DecimalStr,
  takeProfit: DecimalStr.nullable(),
  stopLoss: DecimalStr.nullable(),
  /** What placed it: the user, a take-profit, a stop-loss, copy trading (COPY-5). */
  origin: z.enum(['user', 'takeProfit', 'stopLoss', 'copy']),
  /** Copy trading: the lead trader whose order this mirrors (COPY-5); absent or null for the user's own. */
  copyOf: z.number().int().nullable().optional(),
  status: FuturesOrderStatus,
  cancelReason: z.enum(['user', 'market', 'selfTrade', 'positionClosed']).nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type FuturesOrder = z.infer<typeof FuturesOrder>;

export const FuturesCancelQuery = z.object({ id: Id });
export const FuturesOrderListQuery = z.object({
  status: z.enum(['open', 'history']).default('open'),
  symbol: Symbol.optional(),
  clientOrderId: ClientOrderId.optional(),
  pageNum,
  pageSize,
});
export const FuturesOrderPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(FuturesOrder) });
export type FuturesOrderPage = z.infer<typeof FuturesOrderPage>;

// --------------------------------------------------------------------------------------------- positions

export const PositionStatus = z.enum(['open', 'closed', 'liquidated']);
export type PositionStatus = z.infer<typeof PositionStatus>;

/**
 * A position as stored: everything the shared arithmetic (src/shared/trading/futuresRules.ts) needs to give mark
 * figures. `entryPrice` carries the pair's price decimals + 4; `margin` is what the position holds (isolated).
 */
export const Position = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: PositionSide,
  leverage: z.number().int(),
  shares: DecimalStr,
  /** shares x shareNumber, in the coin. */
  quantity: DecimalStr,
  entryPrice: DecimalStr,
  margin: DecimalStr,
  /** Liquidation price of the position as it stands (FUT-6). */
  liquidationPrice: DecimalStr,
  /** The pair's lossRate the liquidation price uses. */
  lossRate: DecimalStr,
  takeProfit: DecimalStr.nullable(),
  stopLoss: DecimalStr.nullable(),
  /** Shares reserved by open closing orders. */
  closingShares: DecimalStr,
  realisedPnl: DecimalStr,
  /** Fees paid (open and close). */
  fees: DecimalStr,
  /** Net funding: positive received, negative paid. */
  funding: DecimalStr,
  status: PositionStatus,
  /** Closed or liquidated: the price it ended at; liquidated: the mark tick that triggered it. */
  closePrice: DecimalStr.nullable(),
  liquidation: MarkEvidence.nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  closeTime: z.number().int().nullable(),
  /**
   * Copy trading (COPY-5): the lead trader whose positions this one mirrors. A copied position is separate from
   * the user's own position in the same pair and side. Absent or null for the user's own.
   */
  copyOf: z.number().int().nullable().optional(),
  /** The server's figures at the mark it had when it answered (REST only; the socket's carry none). */
  mark: z
    .object({
      price: DecimalStr,
      time: z.number().int(),
      unrealisedPnl: DecimalStr,
      returnRate: DecimalStr,
      marginRatio: DecimalStr,
    })
    .nullable()
    .optional(),
});
export type Position = z.infer<typeof Position>;

export const PositionListQuery = z.object({
  /** Spec: status; "open" (default) or "closed" (closed and liquidated). */
  status: z.enum(['open', 'closed']).default('open'),
  symbol: Symbol.optional(),
  pageNum,
  pageSize,
});
export const PositionPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(Position) });
export type PositionPage = z.infer<typeof PositionPage>;

/** POST /api/contract/position/stopOrder?id&shares: close at market, all of it or `shares` of it. */
export const ClosePositionQuery = z.object({
  id: Id,
  shares: SharesStr.optional(),
  clientOrderId: ClientOrderId.optional(),
});
/** POST /api/contract/position/adjustAmount?id&money&flag: flag "add" or "remove" margin (FUT-8). */
export const AdjustMarginQuery = z.object({
  id: Id,
  money: amountStr(),
  flag: z.enum(['add', 'remove'], { message: 'flag is add or remove' }),
});

// ------------------------------------------------------------------------------------ take-profit, stop-loss

/** POST /api/contract/loss/sett: set (or with null clear) a position's take-profit and stop-loss (FUT-9). */
export const LossSetBody = z.object({
  positionId: BodyId,
  takeProfit: amountStr({ field: 'Take-profit' }).nullable().optional(),
  stopLoss: amountStr({ field: 'Stop-loss' }).nullable().optional(),
});
export type LossSetBody = z.infer<typeof LossSetBody>;

export const LossEntry = z.object({
  /** The id of the entry (loss/cancel takes it). */
  id: z.number().int(),
  positionId: z.number().int(),
  symbol: z.string(),
  side: PositionSide,
  takeProfit: DecimalStr.nullable(),
  stopLoss: DecimalStr.nullable(),
  status: z.enum(['active', 'triggered', 'cancelled']),
  /** Triggered: which one, and the mark tick that triggered it. */
  triggeredBy: z.enum(['takeProfit', 'stopLoss']).nullable(),
  trigger: MarkEvidence.nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type LossEntry = z.infer<typeof LossEntry>;
export const LossCancelQuery = z.object({ id: Id });

// ------------------------------------------------------------------------------------------ marks, funding

export const MarkQuery = z.object({
  symbol: Symbol,
  limit: queryInt(z.number().int().min(1).max(600)).default(60),
});
/** GET /api/contract/marks: the newest mark ticks, newest last (the published evidence of liquidations). */
export const MarkList = z.array(MarkTick);

export const FundingQuery = z.object({ symbol: Symbol });
export const FundingInfo = z.object({
  symbol: z.string(),
  intervalHour: z.number().int(),
  /** The rate the next round would use now (FUT-10), a fraction per interval; positive: longs pay shorts. */
  rate: DecimalStr,
  nextTime: z.number().int(),
  /** Users' open notional at mark, per side, that the rate comes from. */
  longNotional: DecimalStr,
  shortNotional: DecimalStr,
});
export type FundingInfo = z.infer<typeof FundingInfo>;
