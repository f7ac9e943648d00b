import { describe, expect, it } from 'vitest';
import { KLINE_INTERVALS, candleOpenTime, type Candle, type Trade } from '../shared/protocol';
import { KlineSeries } from './klineSeries';
import { PriceMemo } from './priceMemo';
import { SEED_BUFFER_MAX } from './constants';
import { parseDecimal, parsed } from './decimalParse';

const T0 = Date.UTC(2024, 0, 1); // Monday 2024-01-01 00:00 UTC
let nextId = 1;
function trade(ts: number, price: string, qty = '1', id = nextId++): Trade {
  return { id, price, qty, side: 'buy', ts };
}
function feed(s: KlineSeries, ...trades: Trade[]): void {
  for (const t of trades) {
    const price = parseDecimal(t.price);
    parseDecimal(t.qty);
    s.trade(t, price, parsed.digits, parsed.scale);
  }
}
function rows(s: KlineSeries): number[][] {
  const v = s.klineView();
  return Array.from({ length: v.length }, (_, i) => [
    v.time[i],
    v.open[i],
    v.high[i],
    v.low[i],
    v.close[i],
    v.volume[i],
  ]);
}
/** A live series (seeded with an empty history), like the engine's after its first seed. */
function live(interval: (typeof KLINE_INTERVALS)[number] = '1m', capacity = 100): KlineSeries {
  const s = new KlineSeries('btcusdt', interval, capacity, new PriceMemo());
  s.completeSeed(s.beginSeed(), []);
  s.commit(1);
  return s;
}

describe('kline builder [ENG-12]', () => {
  it('[ENG-12] candles open on interval boundaries for all 8 intervals, x in seconds; 1w opens on Monday', () => {
    for (const iv of KLINE_INTERVALS) {
      const s = live(iv);
      const boundary = candleOpenTime(T0 + 40 * 86_400_000 + 123_456, iv);
      feed(s, trade(boundary - 1, '10'), trade(boundary, '11'), trade(boundary + 1, '12'));
      const r = rows(s);
      expect(
        r.map((x) => x[0]),
        iv,
      ).toEqual([candleOpenTime(boundary - 1, iv) / 1000, boundary / 1000]);
      expect(r[1], iv).toEqual([boundary / 1000, 11, 12, 11, 12, 2]);
      if (iv === '1w') {
        for (const x of r) expect(new Date(x[0] * 1000).getUTCDay()).toBe(1);
        expect(new Date(r[1][0] * 1000).toISOString()).toBe('2024-02-05T00:00:00.000Z');
      }
    }
  });

  it('[ENG-12] a 1w candle runs from Monday 00:00 to Sunday 23:59:59.999 UTC', () => {
    const s = live('1w');
    const sunday = Date.UTC(2024, 0, 7, 23, 59, 59, 999);
    const monday = Date.UTC(2024, 0, 8);
    feed(s, trade(T0, '1'), trade(sunday, '2'), trade(monday, '3'));
    expect(rows(s).map((r) => [r[0], r[5]])).toEqual([
      [T0 / 1000, 2],
      [monday / 1000, 1],
    ]);
  });

  it('[ENG-12] open is the first trade, close the last, high/low the extremes, volume the exact sum', () => {
    const s = live();
    feed(
      s,
      trade(T0 + 1, '100.5', '0.1'),
      trade(T0 + 2, '101', '0.2'),
      trade(T0 + 3, '99.25', '0.0001'),
      trade(T0 + 4, '100', '3'),
    );
    expect(rows(s)).toEqual([[T0 / 1000, 100.5, 101, 99.25, 100, 3.3001]]);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; the builder sums exactly.
    const t = live();
    feed(t, trade(T0, '1', '0.1'), trade(T0 + 1, '1', '0.2'));
    expect(rows(t)[0][5]).toBe(0.3);
  });

  it('[ENG-13] a late trade updates the candle it belongs to and never creates an out-of-order candle', () => {
    const s = live();
    feed(s, trade(T0, '10', '1'), trade(T0 + 60_000, '20', '1'), trade(T0 + 120_000, '30', '1'));
    // Late (older ts, newer id): belongs to the first candle.
    feed(s, trade(T0 + 30_000, '5', '2'));
    expect(rows(s)).toEqual([
      [T0 / 1000, 10, 10, 5, 10, 3],
      [(T0 + 60_000) / 1000, 20, 20, 20, 20, 1],
      [(T0 + 120_000) / 1000, 30, 30, 30, 30, 1],
    ]);
    // Late into a minute that has no candle between kept ones, or before the oldest: dropped, counted.
    feed(s, trade(T0 - 60_000, '1'));
    expect(rows(s)).toHaveLength(3);
    expect(s.lateDropped).toBe(1);
    expect(s.lastCloseRaw).toBe('30');
  });

  it('[ENG-13] duplicate trades (id at or below the last applied) are ignored', () => {
    const s = live();
    const a = trade(T0, '10', '1');
    const b = trade(T0 + 1, '11', '1');
    feed(s, a, b, a, b, { ...a, price: '99' });
    expect(rows(s)).toEqual([[T0 / 1000, 10, 11, 10, 11, 2]]);
  });

  it('[ENG-14] the series is bounded: a ring of `capacity` candles, oldest dropped, order kept', () => {
    const s = live('1m', 10);
    for (let i = 0; i < 37; i++) feed(s, trade(T0 + i * 60_000, String(i + 1)));
    const r = rows(s);
    expect(r).toHaveLength(10);
    expect(r.map((x) => x[0])).toEqual(Array.from({ length: 10 }, (_, k) => (T0 + (27 + k) * 60_000) / 1000));
    expect(r.map((x) => x[4])).toEqual(Array.from({ length: 10 }, (_, k) => 28 + k));
    expect(s.cols.time.length).toBe(20);
  });

  it('[ENG-12] volumes stay exact when a quantity with more decimals arrives (units rescaled)', () => {
    const s = live();
    feed(
      s,
      trade(T0, '1', '2'),
      trade(T0 + 60_000, '1', '3'),
      trade(T0 + 60_001, '1', '0.000001'),
      trade(T0 + 60_002, '1', '0.1'),
    );
    expect(rows(s).map((r) => r[5])).toEqual([2, 3.100001]);
  });

  it('[ENG-16] klinePatch hands out only candles changed since a version, or everything', () => {
    const s = live();
    feed(s, trade(T0, '1'), trade(T0 + 60_000, '2'), trade(T0 + 120_000, '3'));
    s.commit(2);
    feed(s, trade(T0 + 120_001, '4'));
    s.commit(3);
    const p = s.patch(2);
    expect(p.full).toBe(false);
    expect(Array.from(p.rows.time)).toEqual([(T0 + 120_000) / 1000]);
    expect(p.lastClose).toBe('4.000000');
    expect(p.priceDecimals).toBe(6);
    expect(s.patch(3).rows.length).toBe(0);
    expect(s.patch(0).full).toBe(true);
    expect(s.patch(0).rows.length).toBe(3);
    // A late trade widens the patch back to its candle.
    feed(s, trade(T0 + 59_999, '0.5'));
    s.commit(4);
    expect(Array.from(s.patch(3).rows.time)).toEqual([T0 / 1000, (T0 + 60_000) / 1000, (T0 + 120_000) / 1000]);
    // Commits that keep changing the same live candle share one log entry: still exact, never full.
    for (let v = 5; v < 200; v++) {
      feed(s, trade(T0 + 120_002 + v, '4'));
      s.commit(v);
    }
    expect(s.patch(3).full).toBe(false);
    expect(s.patch(3).rows.length).toBe(3);
    expect(s.patch(150).rows.length).toBe(1);
    // Versions older than the change log (one entry per new candle here) get a full patch.
    for (let v = 200; v < 300; v++) {
      feed(s, trade(T0 + (v - 190) * 60_000, '5'));
      s.commit(v);
    }
    expect(s.patch(150).full).toBe(true);
    expect(s.patch(290).full).toBe(false);
    expect(s.patch(290).rows.length).toBe(9);
  });

  it('[ENG-11] reseed: history replaces the candles; buffered trades newer than it are applied, older ones not doubled', () => {
    const s = live();
    const history: Candle[] = [
      { t: T0, open: '10', high: '12', low: '9', close: '11', vol: '5' },
      { t: T0 + 60_000, open: '11', high: '11', low: '11', close: '11', vol: '1' },
    ];
    const gen = s.beginSeed();
    // Trades arriving while the history is on the way: one already counted in the history's live
    // candle, one later in the same candle, one in the next minute.
    feed(s, trade(T0 + 60_001, '11', '1'), trade(T0 + 60_002, '13', '2'), trade(T0 + 120_000, '14', '0.5'));
    // The KLINE checkpoint for the live candle after the second trade (server's exact state).
    s.checkpoint({ t: T0 + 60_000, open: '11', high: '13', low: '11', close: '13', vol: '3' });
    expect(s.completeSeed(gen, history)).toBe(true);
    expect(rows(s)).toEqual([
      [T0 / 1000, 10, 12, 9, 11, 5],
      [(T0 + 60_000) / 1000, 11, 13, 11, 13, 3],
      [(T0 + 120_000) / 1000, 14, 14, 14, 14, 0.5],
    ]);
    expect(s.lastCloseRaw).toBe('14');
    // A stale generation is ignored.
    expect(s.completeSeed(gen, [])).toBe(false);
  });

  it('[ENG-11][ENG-15] reseed without a checkpoint yet: the live candle still shows the newest close', () => {
    const s = live();
    const gen = s.beginSeed();
    feed(s, trade(T0 + 5, '12', '1'));
    s.completeSeed(gen, [{ t: T0, open: '10', high: '10', low: '10', close: '10', vol: '1' }]);
    expect(rows(s)).toEqual([[T0 / 1000, 10, 12, 10, 12, 1]]);
    expect(s.lastCloseRaw).toBe('12');
  });
});

describe('kline builder memory bounds [ENG-11][ENG-14]', () => {
  it('[ENG-11] a seed buffer past SEED_BUFFER_MAX flags the series for a fresh seed (memory stays bounded)', () => {
    const s = live();
    s.beginSeed();
    for (let i = 0; i < SEED_BUFFER_MAX; i++) feed(s, trade(T0 + i, '1'));
    expect(s.overflowed).toBe(false);
    feed(s, trade(T0 + SEED_BUFFER_MAX, '1'));
    expect(s.overflowed).toBe(true);
    s.beginSeed();
    expect(s.overflowed).toBe(false);
  });
});
