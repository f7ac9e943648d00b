/**
 * Shapes of spot orders (spec 7.4 currency/order/*; SPOT rules), second contracts (7.4 period/list,
 * secondContractOrder/*, record/second; SEC rules) and the depth snapshot (DEPTH rules), in
 * docs/spec/trading.md. Prices and amounts are exact decimal strings; times are server ms.
 */
import { z } from 'zod';
import { amountStr, bodyInt, queryInt } from './strict';
import { bodyPageNum, bodyPageSize, pageNum, pageSize, PairSymbol as Symbol } from './paging';
import { DecimalStr } from '../money';
import { DepthLevel } from '../protocol';

/** A client's own id for one order intent (SPOT-9): letters, digits, "-" and "_", at most 64. */
export const ClientOrderId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientOrderId is 1 to 64 letters, digits, "-" or "_"');

// ---------------------------------------------------------------------------------------------- depth

export const DepthQuery = z.object({
  symbol: Symbol,
  limit: queryInt(z.number().int().min(1, 'limit is at least 1').max(500, 'limit is at most 500')).default(100),
});
/** GET /api/market/depth: the book's levels, best first, with the depth sequence DEPTH frames continue from. */
export const DepthSnapshot = z.object({
  symbol: z.string(),
  seq: z.number().int().nonnegative(),
  bids: z.array(DepthLevel),
  asks: z.array(DepthLevel),
});
export type DepthSnapshot = z.infer<typeof DepthSnapshot>;

// ------------------------------------------------------------------------------------------ spot orders

export const OrderSide = z.enum(['buy', 'sell']);
export type OrderSide = z.infer<typeof OrderSide>;
export const OrderType = z.enum(['limit', 'market']);
export type OrderType = z.infer<typeof OrderType>;
export const SpotOrderStatus = z.enum(['open', 'partiallyFilled', 'filled', 'cancelled']);
export type SpotOrderStatus = z.infer<typeof SpotOrderStatus>;

/**
 * POST /api/currency/order/submit. `amount` is in the pair's coin (base) for every order, market buys included;
 * `price` is required for limit orders and refused on market orders (they use the protection price, SPOT-4).
 */
export const SpotOrderBody = z.object({
  symbol: Symbol,
  side: OrderSide,
  type: OrderType,
  price: amountStr({ field: 'Price' }).optional(),
  amount: amountStr(),
  clientOrderId: ClientOrderId.optional(),
});
export type SpotOrderBody = z.infer<typeof SpotOrderBody>;

export const SpotOrder = z.object({
  id: z.number().int(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: OrderSide,
  type: OrderType,
  /** The limit price; for a market order, its protection price (the worst it may trade at). */
  price: DecimalStr,
  amount: DecimalStr,
  filled: DecimalStr,
  /** Sum of price x amount over the fills, in the quote coin. */
  filledTotal: DecimalStr,
  /** filledTotal / filled, or null before the first fill. */
  avgPrice: DecimalStr.nullable(),
  /** Fees paid so far; buys pay in the coin received (base), sells in the quote coin. */
  fee: DecimalStr,
  feeCoin: z.string(),
  status: SpotOrderStatus,
  /** Why a cancelled order stopped: its owner, the unfilled rest of a market order, or self-trade prevention. */
  cancelReason: z.enum(['user', 'market', 'selfTrade']).nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;

export const CancelOrderQuery = z.object({ id: queryInt(z.number().int().positive('id must be an order id')) });
export const OrderByClientIdQuery = z.object({ clientOrderId: ClientOrderId });

export const OrderListQuery = z.object({
  status: z.enum(['open', 'history']).default('open'),
  symbol: Symbol.optional(),
  pageNum,
  pageSize,
});
export const SpotOrderPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(SpotOrder) });
export type SpotOrderPage = z.infer<typeof SpotOrderPage>;

export const SpotFill = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  symbol: z.string(),
  side: OrderSide,
  role: z.enum(['maker', 'taker']),
  price: DecimalStr,
  amount: DecimalStr,
  /** price x amount in the quote coin. */
  total: DecimalStr,
  fee: DecimalStr,
  feeCoin: z.string(),
  /** The public trade id on the tape. */
  tradeId: z.number().int(),
  time: z.number().int(),
});
export type SpotFill = z.infer<typeof SpotFill>;
export const FillListQuery = z.object({ symbol: Symbol.optional(), pageNum, pageSize });
export const SpotFillPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(SpotFill) });
export type SpotFillPage = z.infer<typeof SpotFillPage>;

// -------------------------------------------------------------------------------------- second contracts

export const Period = z.object({
  id: z.number().int(),
  /** Length in seconds. */
  period: z.number().int().positive(),
  /** Profit on a win as a fraction of the stake ("0.85": a win pays the stake plus 85 %). */
  ratio: DecimalStr,
  minAmount: DecimalStr,
  maxAmount: DecimalStr,
  /** Open for new orders. */
  status: z.boolean(),
});
export type Period = z.infer<typeof Period>;
export const PeriodListBody = z.object({ symbol: Symbol.optional() }).default({});

export const SecondDirection = z.enum(['up', 'down']);
export type SecondDirection = z.infer<typeof SecondDirection>;

/** POST /api/secondContractOrder/createSecondContractOrder; the stake is in USDT from the platform account. */
export const SecondOrderBody = z.object({
  symbol: Symbol,
  direction: SecondDirection,
  amount: amountStr({ field: 'Stake' }),
  periodId: bodyInt(z.number().int().positive('Choose a period')),
  /** The client's id of this intent (SEC-13): unique per user; the same id again returns the same order. */
  clientOrderId: ClientOrderId.optional(),
});
export type SecondOrderBody = z.infer<typeof SecondOrderBody>;

/** A public trade the settlement used (SEC audit): the entry or the exit evidence. */
export const TradeEvidence = z.object({ id: z.number().int(), time: z.number().int(), price: DecimalStr });
export type TradeEvidence = z.infer<typeof TradeEvidence>;

export const SecondOrder = z.object({
  id: z.number().int(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  direction: SecondDirection,
  amount: DecimalStr,
  coin: z.string(),
  periodId: z.number().int(),
  period: z.number().int(),
  ratio: DecimalStr,
  openPrice: DecimalStr,
  openTime: z.number().int(),
  closeTime: z.number().int(),
  /** The last trade at or before openTime. */
  entry: TradeEvidence,
  status: z.enum(['open', 'settled']),
  /** Set when settled. */
  result: z.enum(['win', 'lose', 'draw']).nullable(),
  closePrice: DecimalStr.nullable(),
  /** The last trade at or before closeTime. */
  exit: TradeEvidence.nullable(),
  /** Credited back at settlement: stake + profit (win), the stake (draw), "0" (loss). */
  payout: DecimalStr.nullable(),
  settleTime: z.number().int().nullable(),
});
export type SecondOrder = z.infer<typeof SecondOrder>;

export const SecondListBody = z
  .object({
    status: z.enum(['open', 'settled']).optional(),
    symbol: Symbol.optional(),
    /** Only the order of this client id (SEC-13): how a client whose reply was lost learns the outcome. */
    clientOrderId: ClientOrderId.optional(),
    pageNum: bodyPageNum,
    pageSize: bodyPageSize,
  })
  .default({ pageNum: 1, pageSize: 20 });
export const SecondOrderPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(SecondOrder) });
export type SecondOrderPage = z.infer<typeof SecondOrderPage>;
