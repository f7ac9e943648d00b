import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candleOpenTime, type Candle, type Trade } from '../../../src/shared/protocol';
import { startTestServer, type TestServer } from '../testing/harness';
import { rebuildCandles } from '../market/referenceCandles';

let ex: TestServer;
beforeAll(async () => {
  ex = await startTestServer();
  // Freeze the market so the trades and the candles are read from the same state.
  ex.ctx.market.stop();
});
afterAll(async () => {
  await ex?.stop();
});

const rebuild = rebuildCandles;

describe('[SRV-10] the history call agrees with the trades', () => {
  for (const symbol of ['btcusdt', 'dogeusdt', 'shibusdt']) {
    for (const interval of ['1m', '5m'] as const) {
      it(`${symbol} ${interval}: candles equal candles rebuilt from the same trades`, async () => {
        const trades = (await ex.get(`/api/market/trades?symbol=${symbol}&limit=500`)).body.data as Trade[];
        const candles = (await ex.get(`/api/market/kline?symbol=${symbol}&interval=${interval}&limit=2000`)).body
          .data as Candle[];
        expect(trades.length).toBeGreaterThan(50);
        const built = rebuild(trades, interval);
        // The first rebuilt candle may have started before the oldest trade we can see: skip it.
        const firstOpen = candleOpenTime(trades[0].ts, interval);
        let compared = 0;
        for (const c of candles) {
          if (c.t <= firstOpen) continue;
          const b = built.get(c.t);
          if (!b) {
            expect(new Decimal(c.vol).isZero(), `candle ${c.t} has volume but no trades`).toBe(true);
            continue;
          }
          expect(new Decimal(c.open).eq(b.open), `open ${c.t}`).toBe(true);
          expect(new Decimal(c.high).eq(b.high), `high ${c.t}`).toBe(true);
          expect(new Decimal(c.low).eq(b.low), `low ${c.t}`).toBe(true);
          expect(new Decimal(c.close).eq(b.close), `close ${c.t}`).toBe(true);
          expect(new Decimal(c.vol).eq(b.vol), `vol ${c.t}`).toBe(true);
          compared++;
        }
        for (const t of built.keys())
          if (t > firstOpen)
            expect(
              candles.some((c) => c.t === t),
              `candle ${t} missing`,
            ).toBe(true);
        expect(compared).toBeGreaterThan(0);
      });
    }
  }
});
