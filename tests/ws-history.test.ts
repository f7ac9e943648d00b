/**
 * [SRV-10] the history call's candles equal candles rebuilt from the same trades, through the real
 * server: candles from GET /api/market/kline against an independent decimal.js rebuild from the trades the same
 * server published (GET /api/market/trades for the start-up history; that list plus TRADE frames for live trading).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candleOpenTime, INTERVAL_MS, type Candle, type KlineInterval, type Trade } from '../src/shared/protocol';
import { connect } from '../server/src/ws/testClient';
import { rebuildCandles } from '../server/src/market/referenceCandles';
import { startServer, type RunningServer } from './helpers/server';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ TRADE_RATE: '2' });
});
afterAll(async () => {
  await srv?.stop();
});

async function get<T>(path: string): Promise<T> {
  const r = await fetch(srv.url + path).then((x) => x.json());
  expect(r.code).toBe(200);
  return r.data as T;
}

/** Independent reference: candles of `interval` over trades, exact decimals, as the wire shows them. */
function rebuild(trades: Trade[], interval: KlineInterval, priceDp: number, qtyDp: number): Map<number, Candle> {
  const acc = rebuildCandles(trades, interval);
  const out = new Map<number, Candle>();
  for (const [t, a] of acc)
    out.set(t, {
      t,
      open: a.open.toFixed(priceDp),
      high: a.high.toFixed(priceDp),
      low: a.low.toFixed(priceDp),
      close: a.close.toFixed(priceDp),
      vol: a.vol.toFixed(qtyDp),
    });
  return out;
}

/** Moves the server's clock on to `at` (OPS-6: TEST_SWITCHES, never backwards). */
async function passTime(at: number): Promise<void> {
  const advance = async (ms: number) => {
    const r = await fetch(`${srv.url}/api/_test/clock/advance?ms=${ms}`, { method: 'POST' }).then((x) => x.json());
    expect(r.code).toBe(200);
    return (r.data as { now: number }).now;
  };
  const now = await advance(1);
  if (at > now) await advance(at - now);
}

const dp = (s: string) => (s.split('.')[1] ?? '').length;

/** Compares every candle that lies fully inside (from, to] of the trades' coverage. Returns how many. */
function compare(candles: Candle[], trades: Trade[], interval: KlineInterval, from: number, to: number): number {
  const ref = rebuild(trades, interval, dp(trades[0].price), dp(trades[0].qty));
  let n = 0;
  for (const c of candles) {
    if (c.t < from || c.t + INTERVAL_MS[interval] > to) continue;
    const r = ref.get(c.t);
    if (!r) continue; // a candle without trades in the covered span cannot happen at these rates; counted below
    expect(c, `${interval} candle at ${new Date(c.t).toISOString()}`).toEqual(r);
    n++;
  }
  return n;
}

describe('kline history equals candles rebuilt from the same trades [SRV-10]', () => {
  it('[SRV-10][SIM-5] start-up history: REST candles equal the rebuild from the REST trade list', async () => {
    const fetchedAt = Date.now();
    const k1 = await get<Candle[]>('/api/market/kline?symbol=btcusdt&interval=1m&limit=2000');
    const k5 = await get<Candle[]>('/api/market/kline?symbol=btcusdt&interval=5m&limit=2000');
    const trades = await get<Trade[]>('/api/market/trades?symbol=btcusdt&limit=500');
    expect(trades.length).toBe(500);
    // Candles fully after the first listed trade's candle and closed before the kline fetch.
    const n1 = compare(k1, trades, '1m', candleOpenTime(trades[0].ts, '1m') + INTERVAL_MS['1m'], fetchedAt);
    const n5 = compare(k5, trades, '5m', candleOpenTime(trades[0].ts, '5m') + INTERVAL_MS['5m'], fetchedAt);
    expect(n1).toBeGreaterThanOrEqual(20);
    expect(n5).toBeGreaterThanOrEqual(3);
  });

  it('[SRV-10] live trading: the 1m candle of a closed minute equals the rebuild from the published trades', async () => {
    const c = await connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`);
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'ethusdt' });
    const first = await c.waitFor((f) => f.type === 'TRADE');
    // The trades before the subscription come from the REST list (it overlaps the first frame).
    const before = await get<Trade[]>('/api/market/trades?symbol=ethusdt&limit=500');
    const firstTs: number = first.data.trades[0].ts;
    // The minute of the first frame if the REST list reaches back to its start, else the next one.
    const m = candleOpenTime(firstTs, '1m');
    const minute = before[0].ts < m ? m : m + INTERVAL_MS['1m'];
    // OPS-6: the server's clock moves on past the minute's end instead of the test waiting up to two minutes for
    // it; the market makes the skipped time's trades on its next step and publishes them as it does any trade.
    await passTime(minute + INTERVAL_MS['1m'] + 1_000);
    await c.waitFor((f) => f.type === 'TRADE' && f.data.trades[0].ts >= minute + INTERVAL_MS['1m'], 0, 150_000);
    await c.close();
    const byId = new Map<number, Trade>();
    for (const t of before) byId.set(t.id, t);
    for (const f of c.frames) if (f.type === 'TRADE') for (const t of f.data.trades) byId.set(t.id, t);
    const trades = [...byId.values()].sort((a, b) => a.id - b.id);
    for (let i = 1; i < trades.length; i++) expect(trades[i].id).toBe(trades[i - 1].id + 1); // none missing
    expect(trades[0].ts).toBeLessThan(minute);
    const k1 = await get<Candle[]>('/api/market/kline?symbol=ethusdt&interval=1m&limit=10');
    expect(compare(k1, trades, '1m', minute, minute + INTERVAL_MS['1m'])).toBe(1);
  }, 200_000);
});
