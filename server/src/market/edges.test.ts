import { describe, expect, it } from 'vitest';
import { candleOpenTime, KLINE_INTERVALS } from '../../../src/shared/protocol';
import { Metrics } from '../metrics';
import { createSimulator } from './simulator';
import { SymbolMarket } from './symbolMarket';
import { TEST_SYMBOLS, testConfig } from './testSymbols';

describe('market edge cases [SIM-5][SIM-7][SIM-8]', () => {
  const starts = [
    ['Monday 00:00:00.000 UTC', Date.UTC(2026, 0, 5, 0, 0, 0, 0)],
    ['Sunday 23:59:59.999 UTC', Date.UTC(2026, 0, 4, 23, 59, 59, 999)],
    ['a minute after midnight', Date.UTC(2026, 5, 17, 0, 1, 0, 0)],
  ] as const;
  for (const [name, now] of starts) {
    it(`[SIM-5] start-up history is complete and aligned (5,500+ 1m candles) when the server starts on ${name}`, () => {
      const sim = createSimulator(testConfig(), TEST_SYMBOLS.slice(0, 1), new Metrics(), { now });
      // A chart pages back 5,000+ 1m candles, 2,000 at a time (SIM-5, ENG-17): every minute, none twice.
      const paged: number[] = [];
      for (let end: number | undefined; ;) {
        const page = sim.history('btcusdt', '1m', 2000, end);
        if (page.length === 0) break;
        paged.unshift(...page.map((c) => c.t));
        end = page[0].t;
      }
      expect(paged.length).toBeGreaterThanOrEqual(5500);
      for (let i = 1; i < paged.length; i++) expect(paged[i] - paged[i - 1]).toBe(60_000);
      for (const iv of KLINE_INTERVALS) {
        const h = sim.history('btcusdt', iv, 5000);
        expect(h.length, iv).toBeGreaterThanOrEqual(300);
        expect(h.at(-1)!.t).toBe(candleOpenTime(now, iv));
        for (let i = 1; i < h.length; i++) expect(h[i].t - h[i - 1].t).toBeGreaterThan(0);
      }
      expect(sim.ticker('btcusdt')!.close).toBe('64123.50');
      // The 24 h window is exactly full at start.
      const from = candleOpenTime(now, '1m') - 1439 * 60_000;
      expect(sim.history('btcusdt', '1m', 5000).filter((c) => c.t >= from).length).toBe(1440);
    });
  }

  it('[spec 3.4] with no trades for a day the 24 h figures empty out and the day fields fall back to the last price', () => {
    const sm = new SymbolMarket(TEST_SYMBOLS[0]);
    const t = Date.UTC(2026, 0, 7, 10, 0, 0);
    sm.trade(t, 6_000_000, 1_000, 'buy');
    sm.trade(t + 1000, 6_100_000, 2_000, 'sell');
    let p = sm.ticker(t + 2000);
    expect(p).toMatchObject({
      close: '61000.00',
      openPrice: '60000.00',
      change: '1000.00',
      priceChangePercent: '1.6667',
      volume24: '0.003000',
      high24: '61000.00',
      low24: '60000.00',
      amount24: '182.00000000',
    });
    p = sm.ticker(t + 25 * 3_600_000);
    expect(p).toMatchObject({
      close: '61000.00',
      openPrice: '61000.00',
      change: '0.00',
      priceChangePercent: '0.0000',
      volume24: '0.000000',
      high24: '61000.00',
      low24: '61000.00',
      amount24: '0.00000000',
    });
    expect(p).toMatchObject({ open: '61000.00', high: '61000.00', low: '61000.00', volume: '0.000000' });
  });

  it('[SIM-8] history and recentTrades answer nothing for non-finite or negative limits instead of throwing', () => {
    const sim = createSimulator(testConfig(), TEST_SYMBOLS.slice(0, 1), new Metrics(), { now: Date.UTC(2026, 0, 7) });
    expect(sim.history('btcusdt', '1m', NaN)).toEqual([]);
    expect(sim.history('btcusdt', '1m', -5)).toEqual([]);
    expect(sim.history('btcusdt', '1m', 5, NaN)).toEqual([]);
    expect(sim.recentTrades('btcusdt', NaN)).toEqual([]);
    expect(sim.recentTrades('btcusdt', Infinity)).toEqual([]);
    expect(sim.recentTrades('btcusdt', 3)).toHaveLength(3);
  });

  it('[SIM-7] a clock that steps back does not break candles: trades are stamped no earlier than the last tick', () => {
    const t0 = Date.UTC(2026, 0, 7, 12);
    const sim = createSimulator(testConfig({ tradeRate: 100 }), TEST_SYMBOLS.slice(0, 1), new Metrics(), { now: t0 });
    const seen: number[] = [];
    sim.onTrades((_s, tr) => seen.push(...tr.map((x) => x.ts)));
    sim.step(t0 + 5_000);
    sim.step(t0 + 1_000); // clock stepped back
    sim.step(t0 + 6_000);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('[SIM-7] starting later than the market was built does not burst the trades of the gap', () => {
    const t0 = Date.UTC(2026, 0, 7, 12);
    const sim = createSimulator(testConfig({ flood: { totalRate: 1000, symbols: 3 } }), TEST_SYMBOLS, new Metrics(), {
      now: t0,
    });
    sim.resume(t0 + 5_000);
    expect(sim.step(t0 + 5_010)).toBeLessThan(100); // about 10 expected; a catch-up would make 1,000
    expect(sim.step(t0 + 5_000 + 1_010)).toBeGreaterThan(800);
  });
});
