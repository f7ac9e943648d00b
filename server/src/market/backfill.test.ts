import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INTERVAL_MS, KLINE_INTERVALS, type KlineInterval } from '../../../src/shared/protocol';
import { Metrics } from '../metrics';
import { createSimulator } from './simulator';
import { T0, TEST_SYMBOLS, testConfig } from './testSymbols';

/** Everything the start-up history leaves behind for one `now`: candles of every interval, 24 h statistics, recent trades. */
function historyDigest(now: number): string {
  const symbols = [
    ...TEST_SYMBOLS,
    { symbol: 'tinyusdt', coin: 'TINY', baseCoin: 'USDT', price: '0.0003', priceScale: 4, qtyScale: 0 },
  ];
  const sim = createSimulator(testConfig({ marketSeed: 42 }), symbols, new Metrics(), { now });
  const h = createHash('sha256');
  for (const s of sim.symbols()) {
    const sm = sim.state(s)!;
    h.update(JSON.stringify([s, sm.nextTradeId, sm.lastPrice, sim.ticker(s), sim.recentTrades(s, 10_000)]));
    for (const iv of KLINE_INTERVALS) h.update(JSON.stringify(sim.history(s, iv, 10_000)));
  }
  return h.digest('hex');
}

describe('start-up history', () => {
  // Pinned before the history generator was made faster: the same seed, symbols and `now` give the same candles,
  // 24 h statistics and recent trades, bit for bit.
  it('[SIM-1] is the same, bit for bit, for a seed, symbols and start time', () => {
    const day = INTERVAL_MS['1d'];
    expect(historyDigest(T0)).toBe('b4587007769e226dddae521f04c690b1b38fc712c770f072a48534f1f64cbe1b');
    // A start exactly on a UTC day (and minute) boundary.
    expect(historyDigest(Math.floor(T0 / day) * day)).toBe(
      'd76aadd643dfb47fbef3a7adbe1050a9ff63341fd4b2db389296d92c81f76119',
    );
  });
});

describe('start-up history on demand', () => {
  const build = () => createSimulator(testConfig({ marketSeed: 7 }), TEST_SYMBOLS, new Metrics(), { now: T0 });
  const pending = (sim: ReturnType<typeof build>) => sim.symbols().filter((s) => sim.state(s)!.olderPending);

  it('[SIM-13] the history before the 24 h window is generated when a read first reaches it, not at start', () => {
    const sim = build();
    expect(pending(sim)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    // The ticker, the recent trades and candles inside the window read none of it.
    sim.ticker('btcusdt');
    sim.recentTrades('btcusdt', 1000);
    expect(sim.history('btcusdt', '1m', 1439)).toHaveLength(1439);
    expect(sim.history('btcusdt', '15m', 90)).toHaveLength(90);
    expect(sim.history('btcusdt', '1d', 1)).toHaveLength(1);
    expect(pending(sim)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt']);
    // Reaching the oldest candle held generates that symbol's history, and only that symbol's.
    expect(sim.history('btcusdt', '1m', 1441).length).toBe(1441);
    expect(pending(sim)).toEqual(['ethusdt', 'dogeusdt']);
    // So does paging back past it (endTime), and the live weekly candle (it opened before the window).
    expect(sim.history('ethusdt', '1h', 10, T0 - 2 * INTERVAL_MS['1d']).length).toBe(10);
    expect(sim.history('dogeusdt', '1w', 1)).toHaveLength(1);
    expect(pending(sim)).toEqual([]);
  });

  it('[SIM-13] generated late, after live trading, the candles are those of a history generated at start', () => {
    const early = build();
    const late = build();
    for (const s of early.symbols()) void early.state(s)!.series; // generated at once
    expect(pending(early)).toEqual([]);
    expect(pending(late)).toHaveLength(3);
    // Three minutes of live trading on both, across minute boundaries.
    for (let t = T0 + 250; t <= T0 + 180_000; t += 250) expect(late.step(t)).toBe(early.step(t));
    const all = (sim: ReturnType<typeof build>, s: string, iv: KlineInterval) => sim.history(s, iv, 10_000);
    for (const s of early.symbols())
      for (const iv of KLINE_INTERVALS) {
        const want = all(early, s, iv);
        expect(want.length).toBeGreaterThan(300);
        expect(all(late, s, iv), `${s} ${iv}`).toEqual(want);
      }
    for (const s of early.symbols()) expect(late.ticker(s)).toEqual(early.ticker(s));
  });
});
