import { describe, expect, it } from 'vitest';
import { CandleSeries } from './series';

const MIN = 60_000;
const T = Date.UTC(2026, 0, 7);

describe('candle ring [SIM-8]', () => {
  it('[SIM-8] growing arrays keep every candle in order until the capacity, then the newest `cap` of them', () => {
    const s = new CandleSeries('1m', 600); // starts smaller, grows 256 -> 512 -> 600
    const closes: number[] = [];
    for (let k = 0; k < 1_500; k++) {
      s.bar(T + k * MIN, k, k + 2, k - 1, k + 1, 10);
      closes.push(k + 1);
      if (k === 299 || k === 599 || k === 1_499) {
        const h = s.history(10_000, 0, 0);
        const n = Math.min(k + 1, 600);
        expect(h).toHaveLength(n);
        expect(h.map((c) => +c.close)).toEqual(closes.slice(-n));
        expect(h.map((c) => c.t)).toEqual(closes.slice(-n).map((x) => T + (x - 1) * MIN));
      }
    }
    expect(s.size).toBe(600);
    // Paging back by open time crosses the ring's wrap-around seamlessly.
    const end = s.at('t', 100);
    expect(s.history(200, 0, 0, end).map((c) => c.t)).toEqual(Array.from({ length: 100 }, (_, i) => s.at('t', i)));
  });
});
