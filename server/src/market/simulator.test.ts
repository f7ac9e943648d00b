import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { candleOpenTime, Candle, INTERVAL_MS, KLINE_INTERVALS, PriceInfo, Trade } from '../../../src/shared/protocol';
import { Metrics } from '../metrics';
import { createSimulator, type Simulator } from './simulator';
import { T0, TEST_SYMBOLS, testConfig } from './testSymbols';
import { rebuildCandles } from './referenceCandles';
import { countText, formCount } from '../testing/long';

function run(sim: Simulator, from: number, to: number, tick = 10): number {
  let n = 0;
  for (let t = from + tick; t <= to; t += tick) n += sim.step(t);
  return n;
}

const rebuild = rebuildCandles;

describe('market simulator', () => {
  it('[SIM-1] is deterministic for a seed, and another seed gives another market', () => {
    const mk = (seed: number) =>
      createSimulator(testConfig({ marketSeed: seed }), TEST_SYMBOLS, new Metrics(), { now: T0 });
    const a = mk(7);
    const b = mk(7);
    const c = mk(8);
    const got: Record<string, Trade[][]> = { a: [], b: [], c: [] };
    a.onTrades((_s, t) => got.a.push(t));
    b.onTrades((_s, t) => got.b.push(t));
    c.onTrades((_s, t) => got.c.push(t));
    run(a, T0, T0 + 30_000);
    run(b, T0, T0 + 30_000);
    run(c, T0, T0 + 30_000);
    expect(got.a.length).toBeGreaterThan(10);
    expect(got.b).toEqual(got.a);
    expect(a.history('btcusdt', '1h', 500)).toEqual(b.history('btcusdt', '1h', 500));
    expect(got.c).not.toEqual(got.a);
  });

  it('[SIM-2] trade prices stay positive, on whole ticks, as exact decimal strings', () => {
    const low = [{ symbol: 'tinyusdt', coin: 'TINY', baseCoin: 'USDT', price: '0.0003', priceScale: 4, qtyScale: 0 }];
    const sim = createSimulator(testConfig({ tradeRate: 50 }), [...low, ...TEST_SYMBOLS], new Metrics(), { now: T0 });
    const seen: Trade[] = [];
    sim.onTrades((s, t) => {
      if (s === 'tinyusdt' || s === 'dogeusdt') seen.push(...t);
    });
    run(sim, T0, T0 + 8 * 60_000, 50);
    expect(seen.length).toBeGreaterThan(10_000);
    for (const t of seen) {
      expect(t.price).toMatch(/^\d+\.\d{4}$/);
      expect(t.qty).toMatch(/^[1-9]\d*$/);
      expect(new Decimal(t.price).gt(0)).toBe(true);
    }
    for (const iv of KLINE_INTERVALS)
      for (const c of sim.history('tinyusdt', iv, 2000)) expect(new Decimal(c.low).gt(0)).toBe(true);
  });

  // PERF-50: an hour of market under `npm run test:long`, six minutes (the same seed) in `npm test`.
  const RATE_SECONDS = formCount(3600);
  it(`[SIM-3] the mean trade rate over ${countText(RATE_SECONDS)} s is near the configured one (bursts included)`, () => {
    const syms = Array.from({ length: 6 }, (_, i) => ({ ...TEST_SYMBOLS[0], symbol: `r${i}usdt` }));
    const sim = createSimulator(testConfig({ tradeRate: 8 }), syms, new Metrics(), { now: T0 });
    const n = run(sim, T0, T0 + RATE_SECONDS * 1000, 100);
    const perSymbolPerSec = n / 6 / RATE_SECONDS;
    expect(perSymbolPerSec).toBeGreaterThan(8 * 0.9);
    expect(perSymbolPerSec).toBeLessThan(8 * 1.1);
  });

  // PERF-50: 30 s of flood (300,000 trades) under `npm run test:long`, 3 s (30,000) in `npm test`.
  const FLOOD_SECONDS = formCount(30);
  it(`[SIM-4] flood mode drives the chosen total rate over N symbols for ${FLOOD_SECONDS} s, adding synthetic pairs if needed`, () => {
    const metrics = new Metrics();
    const sim = createSimulator(testConfig({ flood: { totalRate: 10_000, symbols: 50 } }), TEST_SYMBOLS, metrics, {
      now: T0,
    });
    expect(sim.symbols()).toHaveLength(50);
    expect(sim.symbols()).toContain('sim47usdt');
    const n = run(sim, T0, T0 + FLOOD_SECONDS * 1000);
    // Flood mode has no bursts: a steady Poisson rate (sd of the count about 0.2 % over 30 s, 0.6 % over 3 s).
    expect(n / FLOOD_SECONDS).toBeGreaterThan(10_000 * 0.98);
    expect(n / FLOOD_SECONDS).toBeLessThan(10_000 * 1.02);
    expect(metrics.tradesTotal.get()).toBe(n);
  });

  it('[SIM-5] start-up history: >= 1,000 1m candles and >= 300 in every interval, contiguous and aligned', () => {
    const sim = createSimulator(testConfig(), TEST_SYMBOLS, new Metrics(), { now: T0 });
    expect(sim.history('btcusdt', '1m', 5000).length).toBeGreaterThanOrEqual(1000);
    for (const s of sim.symbols()) {
      for (const iv of KLINE_INTERVALS) {
        const h = sim.history(s, iv, 5000);
        expect(h.length, `${s} ${iv}`).toBeGreaterThanOrEqual(300);
        for (const c of h) {
          expect(Candle.safeParse(c).success).toBe(true);
          expect(candleOpenTime(c.t, iv)).toBe(c.t);
          const [o, hi, lo, cl] = [c.open, c.high, c.low, c.close].map((x) => new Decimal(x));
          expect(hi.gte(Decimal.max(o, cl)) && lo.lte(Decimal.min(o, cl)) && lo.gt(0)).toBe(true);
        }
        for (let i = 1; i < h.length; i++) expect(h[i].t).toBeGreaterThan(h[i - 1].t);
        // The live candle is the last one.
        expect(h[h.length - 1].t).toBe(candleOpenTime(T0, iv));
      }
    }
  });

  it('[SIM-6] every interval agrees with the finer ones wherever both cover a candle, before and after live trading', () => {
    const sim = createSimulator(testConfig(), TEST_SYMBOLS, new Metrics(), { now: T0 });
    // The disagreements are gathered and compared once (an expect per candle cost more than the check itself);
    // each fine series is grouped by coarse candle once, not filtered again for every coarse candle.
    const check = () => {
      const wrong: string[] = [];
      for (let i = 1; i < KLINE_INTERVALS.length; i++) {
        const coarse = KLINE_INTERVALS[i];
        for (const fine of KLINE_INTERVALS.slice(0, i)) {
          const f = sim.history('ethusdt', fine, 5000);
          const first = f[0].t;
          const byCoarse = new Map<number, Candle[]>();
          for (const x of f) {
            const t = candleOpenTime(x.t, coarse);
            const parts = byCoarse.get(t);
            if (parts) parts.push(x);
            else byCoarse.set(t, [x]);
          }
          let compared = 0;
          for (const c of sim.history('ethusdt', coarse, 5000)) {
            if (c.t < first) continue; // the finer series does not reach back this far
            const parts = byCoarse.get(c.t);
            if (!parts) continue;
            if (candleOpenTime(first, coarse) === c.t && first !== c.t) continue; // partly covered
            compared++;
            const want = {
              open: parts[0].open,
              close: parts[parts.length - 1].close,
              high: parts
                .map((x) => new Decimal(x.high))
                .reduce((a, b) => Decimal.max(a, b))
                .toFixed(2),
              low: parts
                .map((x) => new Decimal(x.low))
                .reduce((a, b) => Decimal.min(a, b))
                .toFixed(2),
              vol: parts
                .map((x) => new Decimal(x.vol))
                .reduce((a, b) => a.plus(b))
                .toFixed(4),
            };
            const got = { open: c.open, close: c.close, high: c.high, low: c.low, vol: c.vol };
            if (JSON.stringify(got) !== JSON.stringify(want))
              wrong.push(`${coarse} vs ${fine} at ${c.t}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
          }
          if (!(fine === '1m' && coarse === '1w')) expect(compared, `${coarse} vs ${fine}`).toBeGreaterThan(0);
        }
      }
      expect(wrong).toEqual([]);
    };
    check();
    run(sim, T0, T0 + 7 * 60_000, 20);
    check();
  });

  it('[SIM-6][SRV-10] history candles equal candles rebuilt from the same trades (decimal.js reference)', () => {
    const sim = createSimulator(testConfig({ tradeRate: 20 }), TEST_SYMBOLS, new Metrics(), {
      now: T0,
      tradeRingSize: 200_000,
    });
    run(sim, T0, T0 + 12 * 60_000);
    const end = T0 + 12 * 60_000;
    for (const s of ['btcusdt', 'dogeusdt']) {
      const trades = sim.recentTrades(s, 200_000);
      // The ring holds every trade since the start of the 1m history, so every candle since then is covered.
      const since = trades[0].ts;
      expect(trades.length).toBeLessThan(200_000);
      for (const iv of ['1m', '5m'] as const) {
        const ref = rebuild(trades, iv);
        const hist = sim
          .history(s, iv, 5000)
          .filter((c) => c.t >= candleOpenTime(since, iv) + (candleOpenTime(since, iv) < since ? INTERVAL_MS[iv] : 0));
        expect(hist.length).toBeGreaterThan(iv === '1m' ? 1000 : 200);
        expect(hist[hist.length - 1].t).toBe(candleOpenTime(end, iv));
        const sc = sim.state(s)!.spec;
        for (const c of hist) {
          const r = ref.get(c.t)!;
          expect(r, `${s} ${iv} ${c.t}`).toBeDefined();
          expect(c).toEqual({
            t: c.t,
            open: r.open.toFixed(sc.priceScale),
            high: r.high.toFixed(sc.priceScale),
            low: r.low.toFixed(sc.priceScale),
            close: r.close.toFixed(sc.priceScale),
            vol: r.vol.toFixed(sc.qtyScale),
          });
        }
      }
    }
  });

  it('[spec 3.4] 24 h price info is exact and follows the trades', () => {
    const sim = createSimulator(testConfig(), TEST_SYMBOLS, new Metrics(), { now: T0, tradeRingSize: 200_000 });
    let last: Trade | undefined;
    sim.onTrades((s, t) => {
      if (s === 'btcusdt') last = t[t.length - 1];
    });
    for (let t = T0 + 10; t <= T0 + 3 * 60_000; t += 10) {
      sim.step(t);
      if (last) expect(sim.ticker('btcusdt')!.close).toBe(last.price);
    }
    const now = T0 + 3 * 60_000;
    const p = sim.ticker('btcusdt')!;
    expect(PriceInfo.safeParse(p).success).toBe(true);
    const from = candleOpenTime(now, '1m') - 1439 * 60_000;
    const win = sim.history('btcusdt', '1m', 5000).filter((c) => c.t >= from);
    expect(win).toHaveLength(1440);
    const sum = (xs: string[]) => xs.reduce((a, b) => a.plus(b), new Decimal(0));
    expect(p.volume24).toBe(sum(win.map((c) => c.vol)).toFixed(6));
    expect(p.high24).toBe(Decimal.max(...win.map((c) => c.high)).toFixed(2));
    expect(p.low24).toBe(Decimal.min(...win.map((c) => c.low)).toFixed(2));
    expect(p.openPrice).toBe(win[0].open);
    expect(p.change).toBe(new Decimal(p.close).minus(p.openPrice).toFixed(2));
    expect(p.priceChangePercent).toBe(
      new Decimal(p.change).div(p.openPrice).mul(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
    );
    const trades = sim.recentTrades('btcusdt', 200_000).filter((t) => t.ts >= from);
    expect(p.amount24).toBe(
      trades.reduce((a, t) => a.plus(new Decimal(t.price).mul(t.qty)), new Decimal(0)).toFixed(8),
    );
    const day = sim.history('btcusdt', '1d', 1)[0];
    expect([p.open, p.high, p.low, p.volume]).toEqual([day.open, day.high, day.low, day.vol]);
  });

  it("[SIM-7] listeners get each tick's batch oldest first, stamped with the tick time, ids contiguous", () => {
    const sim = createSimulator(testConfig({ tradeRate: 40 }), TEST_SYMBOLS, new Metrics(), { now: T0 });
    const ids: number[] = [];
    let batches = 0;
    sim.onTrades((s, trades) => {
      if (s !== 'ethusdt') return;
      batches++;
      for (const t of trades) {
        expect(t.ts).toBe(now);
        ids.push(t.id);
      }
    });
    let now = T0;
    for (let i = 0; i < 500; i++) {
      now += 10;
      sim.step(now);
    }
    expect(batches).toBeGreaterThan(20);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBe(ids[i - 1] + 1);
    expect(sim.recentTrades('ethusdt', 5).map((t) => t.id)).toEqual(ids.slice(-5));
  });

  it('[SIM-8] history(limit, endTime) returns at most limit candles opening before endTime, oldest first', () => {
    const sim = createSimulator(testConfig(), TEST_SYMBOLS, new Metrics(), { now: T0 });
    const all = sim.history('btcusdt', '1h', 5000);
    const end = all[100].t;
    const h = sim.history('btcusdt', '1h', 10, end);
    expect(h.map((c) => c.t)).toEqual(all.slice(90, 100).map((c) => c.t));
    expect(sim.history('btcusdt', '1h', 10, end + 1).at(-1)!.t).toBe(end);
    expect(sim.history('btcusdt', '1h', 0)).toEqual([]);
    expect(sim.history('nosuch', '1h', 10)).toEqual([]);
    expect(sim.ticker('nosuch')).toBeUndefined();
  });
});
