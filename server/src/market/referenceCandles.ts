/**
 * Test reference, independent of the simulator's integer arithmetic: candles of `interval` rebuilt from
 * trades with decimal.js (open = first price, close = last, vol = sum of qty). Used only by tests.
 */
import Decimal from 'decimal.js';
import { candleOpenTime, type KlineInterval, type Trade } from '../../../src/shared/protocol';

export interface ReferenceCandle {
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  vol: Decimal;
}

/** Keyed by candle open time (ms). */
export function rebuildCandles(trades: Trade[], interval: KlineInterval): Map<number, ReferenceCandle> {
  const out = new Map<number, ReferenceCandle>();
  for (const tr of trades) {
    const t = candleOpenTime(tr.ts, interval);
    const p = new Decimal(tr.price);
    const c = out.get(t);
    if (!c) out.set(t, { open: p, high: p, low: p, close: p, vol: new Decimal(tr.qty) });
    else {
      c.high = Decimal.max(c.high, p);
      c.low = Decimal.min(c.low, p);
      c.close = p;
      c.vol = c.vol.plus(tr.qty);
    }
  }
  return out;
}
