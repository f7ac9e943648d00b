import { describe, expect, it } from 'vitest';
import { RECONNECT_DELAY_MS, RECONNECT_JITTER_MS } from './constants';
import { seededRandom } from './testing/frames';
import { engineCandles, engineHarness, exchangeCandles, type Harness } from './testing/harness';
import type { HttpGet } from './types';

/** Small series so that paging is visible: 20 candles seeded, 50 kept. */
const SMALL = { klineCapacity: 50, seedLimit: 20 };
const KEY = 'klines:btcusdt:1m';

/** One trade per step, `minMs`..`maxMs` apart (under 10 s while watched, so the socket never goes silent). */
function trader(h: Harness, seed = 1) {
  const rnd = seededRandom(seed);
  let price = 64_000;
  return (steps: number, minMs = 3_000, maxMs = 9_000) => {
    for (let i = 0; i < steps; i++) {
      h.time.advance(minMs + Math.floor(rnd() * (maxMs - minMs)));
      price = Math.max(1, price + Math.round((rnd() - 0.5) * 400) / 100);
      const qty = (Math.floor(rnd() * 100_000) / 10 ** Math.floor(rnd() * 5)).toString();
      h.exchange.tick([{ symbol: 'btcusdt', price: price.toFixed(2), qty }]);
    }
  };
}

async function watch(h: Harness) {
  h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
  await h.settle();
}

const mine = (h: Harness) => engineCandles(h.engine, 'btcusdt', '1m');
const theirs = (h: Harness, n: number) => exchangeCandles(h.exchange, 'btcusdt', '1m').slice(-n);
const version = (h: Harness) => h.engine.klinePatch('btcusdt', '1m', 0)!.version;
const klineRequests = (h: Harness) => h.exchange.httpLog.filter((p) => p.startsWith('/api/market/kline'));

describe('engine: older kline pages [ENG-17]', () => {
  it("[ENG-17] loadOlderKlines prepends the page before the oldest candle: the series equals the server's newest candles", async () => {
    const h = engineHarness(['btcusdt'], SMALL);
    const trade = trader(h);
    trade(800, 5_000, 15_000); // about 130 minutes before anyone watches
    await watch(h);
    expect(mine(h)).toEqual(theirs(h, 20));
    const oldest = mine(h)[0][0];
    const before = version(h);
    h.changes.length = 0;
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(30);
    expect(klineRequests(h).at(-1)).toBe(
      `/api/market/kline?symbol=btcusdt&interval=1m&limit=30&endTime=${oldest * 1000}`,
    );
    expect(mine(h)).toEqual(theirs(h, 50));
    expect(h.changes).toEqual([[KEY]]);
    // A receiver holding an older version must replace everything; one holding the new one gets nothing.
    expect(h.engine.klinePatch('btcusdt', '1m', before)!.full).toBe(true);
    const now = h.engine.klinePatch('btcusdt', '1m', version(h))!;
    expect([now.full, now.rows.length]).toEqual([false, 0]);
    trade(60); // live candles keep coming; the oldest leave at the capacity
    expect(mine(h)).toEqual(theirs(h, 50));
  });

  it('[ENG-17] pages of at most 2,000 candles fill the series up to its capacity, then resolve 0 without asking', async () => {
    const h = engineHarness(['btcusdt'], { klineCapacity: 2_100, seedLimit: 20 });
    const trade = trader(h, 2);
    trade(2_300, 50_000, 70_000); // about 2,300 minutes
    await watch(h);
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(2_000);
    expect(klineRequests(h).at(-1)).toContain('&limit=2000&');
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(80);
    expect(klineRequests(h).at(-1)).toContain('&limit=80&');
    expect(mine(h)).toEqual(theirs(h, 2_100));
    const asked = h.exchange.httpLog.length;
    const v = version(h);
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(0);
    expect([h.exchange.httpLog.length, version(h)]).toEqual([asked, v]);
    trade(5);
    expect(mine(h)).toEqual(theirs(h, 2_100));
  });

  it('[ENG-17] when the server has nothing older it resolves 0 and nothing changes', async () => {
    const h = engineHarness(['btcusdt'], SMALL);
    trader(h, 3)(40); // a few minutes: the seed holds all of it
    await watch(h);
    const v = version(h);
    h.changes.length = 0;
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(0);
    expect(klineRequests(h).at(-1)).toContain('&endTime=');
    expect([version(h), h.changes]).toEqual([v, []]);
    expect(mine(h)).toEqual(theirs(h, 50));
  });

  it('[ENG-17] a series not watched or not seeded yet resolves 0 and asks nothing', async () => {
    const h = engineHarness(['btcusdt'], SMALL);
    trader(h, 4)(300, 5_000, 15_000);
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(0);
    expect(h.exchange.httpLog).toEqual([]);
    h.exchange.holdHttp = true;
    await watch(h); // the seed is on the way
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(0);
    await expect(h.engine.loadOlderKlines('btcusdt', '5m')).resolves.toBe(0); // not watched
    expect(klineRequests(h)).toHaveLength(1);
  });

  it('[ENG-17] calls while a page is on the way share its one request', async () => {
    const h = engineHarness(['btcusdt'], SMALL);
    trader(h, 5)(800, 5_000, 15_000);
    await watch(h);
    h.exchange.holdHttp = true;
    const a = h.engine.loadOlderKlines('btcusdt', '1m');
    const b = h.engine.loadOlderKlines('btcusdt', '1m');
    expect(h.exchange.heldHttp).toBe(1);
    h.exchange.releaseHttp();
    expect(await Promise.all([a, b])).toEqual([30, 30]);
    expect(mine(h)).toEqual(theirs(h, 50));
  });

  for (const cause of ['sequence gap', 'reconnect'] as const) {
    it(`[ENG-17] a reseed (${cause}) while the page is on the way discards the page`, async () => {
      const h = engineHarness(['btcusdt'], SMALL);
      const trade = trader(h, 6);
      trade(800, 5_000, 15_000);
      await watch(h);
      h.exchange.holdHttp = true;
      const page = h.engine.loadOlderKlines('btcusdt', '1m');
      if (cause === 'sequence gap') {
        h.exchange.dropFrames(3);
        trade(2, 1_000, 2_000); // the next frame shows the gap
      } else {
        h.exchange.dropAll();
        h.time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
      }
      await h.settle();
      expect(h.exchange.heldHttp).toBe(2); // the page, then the new seed
      h.exchange.holdHttp = false;
      h.exchange.releaseHttp();
      await expect(page).resolves.toBe(0);
      await h.settle();
      expect(mine(h)).toEqual(theirs(h, 20));
      trade(5);
      expect(mine(h)).toEqual(theirs(h, mine(h).length));
    });
  }

  it('[ENG-17] a page never takes the series past its capacity, also when live candles came meanwhile', async () => {
    const h = engineHarness(['btcusdt'], SMALL);
    const trade = trader(h, 7);
    trade(800, 5_000, 15_000);
    await watch(h);
    h.exchange.holdHttp = true;
    const page = h.engine.loadOlderKlines('btcusdt', '1m'); // asks 30
    trade(100); // about 10 new minutes
    const held = mine(h).length;
    expect(held).toBeGreaterThan(25);
    h.exchange.releaseHttp();
    await expect(page).resolves.toBe(50 - held);
    expect(mine(h)).toEqual(theirs(h, 50));
  });

  it('[ENG-17] a reply overlapping or repeating held candles adds only the older ones, oldest first', async () => {
    // A server that ignores endTime and limit: its newest 45 candles, some twice, one out of order.
    const sloppy =
      (get: HttpGet): HttpGet =>
      async (path) => {
        const url = new URL(path, 'http://x');
        if (!url.searchParams.has('endTime')) return get(path);
        const body = (await get(`/api/market/kline?symbol=btcusdt&interval=1m&limit=45`)) as { data: { t: number }[] };
        const d = body.data;
        return { ...body, data: [d[3], ...d.slice(0, 10), d[9], d[9], ...d.slice(10)] };
      };
    const h = engineHarness(['btcusdt'], SMALL, sloppy);
    trader(h, 8)(800, 5_000, 15_000);
    await watch(h);
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(25);
    expect(mine(h)).toEqual(theirs(h, 45));
  });

  it('[ENG-17] a failed or invalid page rejects and leaves the series as it was; the next call asks again', async () => {
    let reply: unknown = { code: 200, msg: 'success', data: [{ t: 'soon', open: 1 }] };
    const broken =
      (get: HttpGet): HttpGet =>
      async (path) =>
        path.includes('endTime=') && reply ? reply : get(path);
    const h = engineHarness(['btcusdt'], SMALL, broken);
    trader(h, 9)(800, 5_000, 15_000);
    await watch(h);
    const v = version(h);
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).rejects.toThrow(/unexpected reply/);
    reply = { code: 0, msg: 'busy', data: null };
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).rejects.toThrow(/busy/);
    expect([version(h), mine(h)]).toEqual([v, theirs(h, 20)]);
    reply = null;
    await expect(h.engine.loadOlderKlines('btcusdt', '1m')).resolves.toBe(30);
    expect(mine(h)).toEqual(theirs(h, 50));
  });
});
