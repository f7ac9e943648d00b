import { describe, expect, it } from 'vitest';
import type { KlinePatch } from '../../engine';
import { KlineSeries } from './klineSeries';

function patch(full: boolean, times: number[], opts: Partial<KlinePatch> = {}): KlinePatch {
  const f = (k: number) => Float64Array.from(times, (t) => t + k);
  return {
    full,
    symbol: 'btcusdt',
    interval: '1m',
    version: 1,
    capacity: 5,
    rows: {
      length: times.length,
      time: Float64Array.from(times),
      open: f(0.1),
      high: f(0.2),
      low: f(0.3),
      close: f(0.4),
      volume: f(0.5),
    },
    lastClose: 'x',
    priceDecimals: 2,
    ...opts,
  };
}

describe('tab-side candle series [WORK-8]', () => {
  it('[WORK-8] a full patch replaces everything, as columnar arrays in seconds', () => {
    const s = new KlineSeries();
    s.apply(patch(true, [60, 120, 180]));
    const v = s.apply(patch(true, [600, 660], { version: 9, lastClose: '1.50' }))!;
    expect(Array.from(v.time)).toEqual([600, 660]);
    expect(Array.from(v.close)).toEqual([600.4, 660.4]);
    expect(v.length).toBe(2);
    expect(v.version).toBe(9);
    expect(v.lastClose).toBe('1.50');
  });

  it('[WORK-8] an incremental patch drops candles from its first time on and appends its rows', () => {
    const s = new KlineSeries();
    s.apply(patch(true, [60, 120, 180]));
    const v = s.apply(patch(false, [180, 240], { version: 2 }))!;
    expect(Array.from(v.time)).toEqual([60, 120, 180, 240]);
    expect(Array.from(v.high)).toEqual([60.2, 120.2, 180.2, 240.2]);
  });

  it('[WORK-8] a late correction in the middle replaces from that candle on', () => {
    const s = new KlineSeries();
    s.apply(patch(true, [60, 120, 180, 240]));
    const v = s.apply(patch(false, [120, 180, 240]))!;
    expect(Array.from(v.time)).toEqual([60, 120, 180, 240]);
  });

  it('[WORK-8] the front is trimmed to the capacity', () => {
    const s = new KlineSeries();
    s.apply(patch(true, [60, 120, 180, 240, 300]));
    const v = s.apply(patch(false, [300, 360, 420]))!;
    expect(Array.from(v.time)).toEqual([180, 240, 300, 360, 420]);
    expect(Array.from(v.volume)).toEqual([180.5, 240.5, 300.5, 360.5, 420.5]);
  });

  it('[WORK-8] rows beyond the capacity keep the newest', () => {
    const s = new KlineSeries();
    const v = s.apply(patch(true, [1, 2, 3, 4, 5, 6, 7]))!;
    expect(Array.from(v.time)).toEqual([3, 4, 5, 6, 7]);
  });

  it('[WORK-8] an empty incremental patch keeps the candles and takes the new last close', () => {
    const s = new KlineSeries();
    s.apply(patch(true, [60]));
    const v = s.apply(patch(false, [], { lastClose: '2.00', version: 3 }))!;
    expect(Array.from(v.time)).toEqual([60]);
    expect(v.lastClose).toBe('2.00');
  });

  it('[WORK-8] an incremental patch without a base is refused (the worker will send a full one)', () => {
    expect(new KlineSeries().apply(patch(false, [60]))).toBeUndefined();
  });

  it('[WORK-8] each patch yields a new view object; a capacity change keeps the newest candles', () => {
    const s = new KlineSeries();
    const a = s.apply(patch(true, [1, 2, 3, 4]))!;
    const b = s.apply(patch(false, [5], { capacity: 3 }))!;
    expect(b).not.toBe(a);
    expect(Array.from(b.time)).toEqual([3, 4, 5]);
  });
});
