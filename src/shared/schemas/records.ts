/**
 * Shapes of the trade records (spec 7.4 record/trading, record/currency, record/second, record/option,
 * record/broker; RECS rules in docs/spec/records.md): every one paged, newest first, filterable by pair and time.
 */
import { z } from 'zod';
import { queryInt } from './strict';
import { pageNum, pageSize, PairFilterSymbol as Symbol } from './paging';
import { DecimalStr } from '../money';
import { PositionSide } from './futures';

/** The filter every record call takes: a pair (empty = all), a time window [from, to) in ms, a page. */
export const RecordQuery = z
  .object({
    symbol: Symbol.optional(),
    from: queryInt(z.number().int().nonnegative()).optional(),
    to: queryInt(z.number().int().nonnegative()).optional(),
    pageNum,
    pageSize,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'from must be before to',
    path: ['from'],
  });
export type RecordQuery = z.infer<typeof RecordQuery>;

/** One futures record (record/trading): a fill of an order, a liquidation, a funding payment. */
export const FuturesRecord = z.object({
  id: z.string(),
  time: z.number().int(),
  symbol: z.string(),
  side: PositionSide,
  kind: z.enum(['open', 'close', 'takeProfit', 'stopLoss', 'liquidation', 'funding']),
  positionId: z.number().int(),
  orderId: z.number().int().nullable(),
  /** Fills: the public trade; liquidation: the mark's trade. */
  tradeId: z.number().int().nullable(),
  shares: DecimalStr,
  /** Fills: the fill price; liquidation: the mark; funding: the mark the round valued notionals at (null before FUT-3's index). */
  price: DecimalStr.nullable(),
  fee: DecimalStr,
  /** Realised PnL (closes, liquidation) or the funding amount (positive received). */
  pnl: DecimalStr,
  /** Funding: the rate of the round. */
  rate: DecimalStr.nullable(),
});
export type FuturesRecord = z.infer<typeof FuturesRecord>;
export const FuturesRecordPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(FuturesRecord) });
export type FuturesRecordPage = z.infer<typeof FuturesRecordPage>;

/** One copy-trading record (record/broker): empty until copy trading lands (issue "earn and follow"). */
export const BrokerRecord = z.object({
  id: z.string(),
  time: z.number().int(),
  trader: z.string(),
  symbol: z.string(),
  side: PositionSide,
  shares: DecimalStr,
  pnl: DecimalStr,
  /** The lead trader's share of the profit. */
  profitShare: DecimalStr,
});
export type BrokerRecord = z.infer<typeof BrokerRecord>;
export const BrokerRecordPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(BrokerRecord) });
export type BrokerRecordPage = z.infer<typeof BrokerRecordPage>;
