/**
 * The market worker under socket faults injected by the server's test switches (TEST_SWITCHES=1):
 * a dropped socket, 1,000 malformed frames, a sequence gap and a silent (half-open) socket.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONNECT_DELAY_MS, RECONNECT_JITTER_MS, RELEASE_GRACE_MS, SILENCE_TIMEOUT_MS } from '../src/engine';
import { UNWATCH_GRACE_MS } from '../src/app/market/client';
import { launchBrowser } from './helpers/browser';
import type { RunningServer } from './helpers/server';
import {
  clientStats,
  diagnostics,
  freshTicker,
  openTab,
  serverSubs,
  startEngineServer,
  testSwitch,
  ticker,
  until,
  watch,
  type ServerSubs,
} from './engine-helpers';

/** Slack for one round trip, the REST reseed and the next trade of the symbol after the reconnect. */
const ROUND_TRIP_SLACK_MS = 2_000;

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let subsDone: Promise<void> | undefined;

beforeAll(async () => {
  server = await startEngineServer();
  browser = await launchBrowser();
  ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  page = await openTab(ctx, server, '/');
  subsDone = watchSubs();
  await watch(page, { kind: 'ticker', symbol: 'btcusdt' });
  await watch(page, { kind: 'klines', symbol: 'btcusdt', interval: '1m' });
  await watch(page, { kind: 'trades', symbol: 'ethusdt' });
  await freshTicker(page, 'btcusdt', 0, 'first ticker');
});
afterAll(async () => {
  subsSeen.running = false;
  await subsDone;
  await browser?.close();
  await server?.stop();
});

/** Longer than a release takes to reach the server (the tab's and the engine's grace periods) plus slack. */
const QUIET_MS = UNWATCH_GRACE_MS + RELEASE_GRACE_MS + 1_500;

/**
 * The server's subscriptions and when they last changed, read every 100 ms from the page's first watch to the file's
 * end: a test that needs them settled waits only for what is left of the quiet window, not for a whole window from
 * its own start (PERF-91).
 */
const subsSeen = { key: '', cur: undefined as ServerSubs | undefined, since: 0, running: false };
async function watchSubs(): Promise<void> {
  subsSeen.running = true;
  while (subsSeen.running) {
    try {
      const cur = await serverSubs(server);
      const key = JSON.stringify(cur);
      if (key !== subsSeen.key) Object.assign(subsSeen, { key, since: Date.now() });
      subsSeen.cur = cur;
    } catch {
      // The server is stopping (afterAll) or briefly busy: the next read tells.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server's subscriptions once they stopped changing (the home screen settles; releases have a grace). */
async function stableSubs(): Promise<ServerSubs> {
  const s = await until(
    async () => ({ cur: subsSeen.cur, quietMs: Date.now() - subsSeen.since }),
    (x) =>
      x.cur !== undefined &&
      x.cur.connections === 1 &&
      x.cur.subscriptions['DETAIL:btcusdt'] === 1 &&
      x.cur.subscriptions['TRADE:ethusdt'] === 1 &&
      x.quietMs >= QUIET_MS,
    'the subscriptions on the server to settle',
  );
  return s.cur!;
}

/** Waits until the server holds exactly `expected` again. */
function sameSubsAgain(expected: ServerSubs): Promise<ServerSubs> {
  return until(
    () => serverSubs(server),
    (s) => JSON.stringify(sortSubs(s)) === JSON.stringify(sortSubs(expected)),
    'the same subscriptions as before',
  );
}
function sortSubs(s: ServerSubs): ServerSubs {
  return {
    connections: s.connections,
    subscriptions: Object.fromEntries(Object.entries(s.subscriptions).sort(([a], [b]) => a.localeCompare(b))),
  };
}

describe('socket faults [ENG-3] (spec 4.7)', () => {
  it('[spec 4.7] the server drops the socket: data flows again within 3 s plus a round trip, with the same subscriptions', async () => {
    const before = await stableSubs();
    const d0 = await diagnostics(page);
    const t0 = Date.now();
    await testSwitch(server, 'drop');
    const badge = page.getByTestId('connection-health');
    await until(
      () => badge.getAttribute('data-health', { timeout: 1_000 }),
      (h) => h === 'reconnecting',
      'the health badge to show reconnecting',
    );
    expect(await page.getByRole('status').filter({ hasText: 'Reconnecting' }).count()).toBe(1);
    const t = await freshTicker(page, 'btcusdt', t0, 'a ticker after the drop');
    const gapMs = Date.now() - t0;
    console.log(`[engine-faults] data again ${gapMs} ms after the drop (ticker ts - drop = ${t.ts - t0} ms)`);
    expect(t.ts - t0).toBeLessThan(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS + ROUND_TRIP_SLACK_MS);
    expect(sortSubs(await sameSubsAgain(before))).toEqual(sortSubs(before));
    const d1 = await diagnostics(page);
    expect(d1.reconnects).toBe(d0.reconnects + 1);
    expect(d1.socketsOpen).toBe(1);
    await until(
      () => badge.getAttribute('data-health', { timeout: 1_000 }),
      (h) => h === 'live',
      'the health badge to show live again',
    );
    expect(await badge.textContent()).toBe('Live');
  });

  it("[ENG-3][ENG-15] after the reconnect the tab's candles equal the server's history; the last close equals the ticker price", async () => {
    type Plain = {
      length: number;
      time: number[];
      open: number[];
      high: number[];
      low: number[];
      close: number[];
      volume: number[];
      lastClose: string;
    };
    const kl = (await page.evaluate(() => window.__openex!.snapshot('klines:btcusdt:1m'))) as Plain;
    expect(kl.length).toBeGreaterThan(100);
    const res = await fetch(`${server.url}/api/market/kline?symbol=btcusdt&interval=1m&limit=2000`);
    const hist = (
      (await res.json()) as {
        data: { t: number; open: string; high: string; low: string; close: string; vol: string }[];
      }
    ).data;
    const byTime = new Map(hist.map((c) => [c.t, c]));
    let compared = 0;
    for (let i = 1; i < kl.length - 1; i++) expect(kl.time[i]).toBeGreaterThan(kl.time[i - 1]);
    for (let i = 0; i < kl.length - 1; i++) {
      const c = byTime.get(kl.time[i] * 1000);
      if (!c) continue;
      compared++;
      const mine = [kl.time[i], kl.open[i], kl.high[i], kl.low[i], kl.close[i], kl.volume[i]];
      expect(mine).toEqual([c.t / 1000, Number(c.open), Number(c.high), Number(c.low), Number(c.close), Number(c.vol)]);
    }
    expect(compared).toBeGreaterThan(100);
    // Ticker and candles change in the same batch: read both in one task.
    const both = await page.evaluate(() => ({
      k: window.__openex!.snapshot('klines:btcusdt:1m') as { lastClose: string },
      t: window.__openex!.snapshot('ticker:btcusdt') as { price: string },
    }));
    expect(both.k.lastClose).toBe(both.t.price);
  });

  it('[ENG-20] 1,000 malformed frames: the worker counts them all and keeps applying valid frames', async () => {
    const d0 = await diagnostics(page);
    const s0 = await clientStats(page);
    await testSwitch(server, 'garbage?count=1000');
    const d1 = await until(
      () => diagnostics(page),
      (d) => d.framesRejected - d0.framesRejected >= 1000,
      '1000 rejected frames',
    );
    expect(d1.framesRejected - d0.framesRejected).toBe(1000);
    expect(d1.reconnects).toBe(d0.reconnects);
    const last = (await ticker(page, 'btcusdt'))!;
    await freshTicker(page, 'btcusdt', last.ts, 'valid frames still applied');
    expect((await clientStats(page)).batches).toBeGreaterThan(s0.batches);
    expect(d1.socketsOpen).toBe(1);
  });

  it('[ENG-10] a sequence gap is counted and the state is re-seeded; data keeps flowing', async () => {
    const d0 = await diagnostics(page);
    await testSwitch(server, 'skip?count=5');
    const last = (await ticker(page, 'btcusdt'))!;
    await until(
      () => diagnostics(page),
      (d) => d.gaps > d0.gaps,
      'a gap in diagnostics',
    );
    await freshTicker(page, 'btcusdt', last.ts, 'data after the gap');
    const kl = (await page.evaluate(() => window.__openex!.snapshot('klines:btcusdt:1m'))) as {
      length: number;
      lastClose: string;
    };
    expect(kl.length).toBeGreaterThan(100);
    const tk = (await ticker(page, 'btcusdt'))!;
    expect(tk.price.length).toBeGreaterThan(0);
  });

  it('[ENG-4] a silent, half-open socket is detected within two heartbeat intervals and replaced', async () => {
    const before = await stableSubs();
    const d0 = await diagnostics(page);
    const t0 = Date.now();
    await testSwitch(server, `silence?ms=${SILENCE_TIMEOUT_MS * 3}`);
    const badge = page.getByTestId('connection-health');
    await until(
      () => badge.getAttribute('data-health', { timeout: 1_000 }),
      (h) => h === 'delayed',
      'the health badge to show delayed',
      SILENCE_TIMEOUT_MS * 2,
    );
    expect(await badge.textContent()).toBe('Delayed');
    const d1 = await until(
      () => diagnostics(page),
      (d) => d.reconnects > d0.reconnects,
      'a reconnect after the silence',
      SILENCE_TIMEOUT_MS * 3,
    );
    console.log(`[engine-faults] silent socket replaced after ${Date.now() - t0} ms`);
    expect(d1.reconnects).toBe(d0.reconnects + 1);
    await freshTicker(page, 'btcusdt', Date.now(), 'data after the replaced socket');
    expect(sortSubs(await sameSubsAgain(before))).toEqual(sortSubs(before));
  });
});
