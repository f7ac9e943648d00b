import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INTERVAL_MS, KLINE_INTERVALS } from '../../../src/shared/protocol';
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
