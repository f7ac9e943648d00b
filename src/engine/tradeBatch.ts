/**
 * A TRADE frame's trades folded into one aggregate (ids increasing, times non-decreasing), so that
 * each candle series takes the whole frame in one update when it all falls into its live candle
 * (KlineSeries.tradeBatch), instead of one update per trade. Quantities are summed exactly as
 * integers of 10^-scale units.
 */
import type { Trade } from '../shared/protocol';
import { parseDecimal, parsed } from './decimalParse';
import { POW10 } from './klineColumns';
import type { KlineSeries } from './klineSeries';

/** Aggregate of the trades of one TRADE frame (ids increasing, times non-decreasing). */
export interface TradeBatch {
  firstId: number;
  lastId: number;
  firstTs: number;
  lastTs: number;
  high: number;
  low: number;
  close: number;
  closeRaw: string;
  /** Sum of the quantities as an integer of 10^-scale units (NaN if not exact). */
  units: number;
  scale: number;
}

/** Scratch aggregate of the TRADE frame being applied. */
export const BATCH: TradeBatch = {
  firstId: 0,
  lastId: 0,
  firstTs: 0,
  lastTs: 0,
  high: 0,
  low: 0,
  close: 0,
  closeRaw: '',
  units: 0,
  scale: 0,
};

/** Aggregates a batch of trades; false when ids do not increase or times go back (per-trade path then). */
export function aggregate(trades: readonly Trade[], b: TradeBatch): boolean {
  let units = 0;
  let scale = 0;
  let high = -Infinity;
  let low = Infinity;
  let prevId = -1;
  let prevTs = -Infinity;
  let price = 0;
  for (let i = 0; i < trades.length; i++) {
    const t = trades[i];
    if (t.id <= prevId || t.ts < prevTs) return false;
    prevId = t.id;
    prevTs = t.ts;
    price = parseDecimal(t.price);
    if (price > high) high = price;
    if (price < low) low = price;
    parseDecimal(t.qty);
    const d = parsed.digits;
    const sc = parsed.scale;
    if (sc > scale) {
      units *= POW10[sc - scale];
      scale = sc;
    }
    units += d * POW10[scale - sc];
  }
  b.firstId = trades[0].id;
  b.lastId = prevId;
  b.firstTs = trades[0].ts;
  b.lastTs = prevTs;
  b.high = high;
  b.low = low;
  b.close = price;
  b.closeRaw = trades[trades.length - 1].price;
  b.units = units < 9_007_199_254_740_992 && scale <= 22 ? units : NaN;
  b.scale = scale;
  return true;
}

export function tradeByTrade(s: KlineSeries, trades: readonly Trade[]): void {
  for (let i = 0; i < trades.length; i++) {
    const t = trades[i];
    const price = parseDecimal(t.price);
    parseDecimal(t.qty);
    s.trade(t, price, parsed.digits, parsed.scale);
  }
}
