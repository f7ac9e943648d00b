/**
 * Helpers for the engine's browser tests (tests/engine-*.test.ts): the real server, the built app in
 * Chromium, and the worker seen through `window.__openex` (src/app/market/debug.ts).
 * ENGINE_TEST_STATIC_DIR points at a private build (`npx vite build --outDir /tmp/h4-dist`); by default the
 * server serves ./dist, which `npm test` builds first.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Topic } from '../src/engine';
import type { Diagnostics, TickerView } from '../src/engine';
import type { TabStats } from '../src/workers/wire';
import type { ClientStats } from '../src/app/market/client';
import { startServer, type RunningServer } from './helpers/server';

export function startEngineServer(): Promise<RunningServer> {
  const dir = process.env.ENGINE_TEST_STATIC_DIR;
  // The engine's files wait for ticks on a bare page: the product's market rate (PERF-57 calms the app's screens).
  return startServer(dir ? { STATIC_DIR: dir, TRADE_RATE: '8' } : { TRADE_RATE: '8' });
}

/** Polls `fn` until `ok` holds; fails with the last value after `timeoutMs` (a safety net, not a speed check). */
export async function until<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  let err: unknown;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch (e) {
      err = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)} ${err ? String(err) : ''}`);
}

export async function metric(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-z_]+)(\{[^}]*\})?\s+([0-9.eE+-]+)/.exec(line);
    if (m && m[1] === name) {
      sum += Number(m[3]);
      found = true;
    }
  }
  if (!found) throw new Error(`metric ${name} not found`);
  return sum;
}

export interface ServerSubs {
  connections: number;
  subscriptions: Record<string, number>;
}
export async function serverSubs(server: RunningServer): Promise<ServerSubs> {
  const res = await fetch(`${server.url}/api/_test/ws/subscriptions`);
  const body = (await res.json()) as { data: ServerSubs };
  return body.data;
}

export async function testSwitch(server: RunningServer, path: string): Promise<void> {
  const res = await fetch(`${server.url}/api/_test/ws/${path}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`test switch ${path}: HTTP ${res.status} ${await res.text()}`);
}

/** Opens the home screen in a new tab and waits for the market client handle. */
export async function openTab(ctx: BrowserContext, server: RunningServer, path = '/'): Promise<Page> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(server.url + path);
  await page.waitForFunction(() => !!window.__openex, undefined, { timeout: 30_000 });
  return page;
}

export function watch(page: Page, topic: Topic): Promise<number> {
  return page.evaluate((t) => window.__openex!.watch(t), topic);
}
export function diagnostics(page: Page): Promise<Diagnostics> {
  return page.evaluate(() => window.__openex!.diagnostics());
}
export function tabStats(page: Page): Promise<TabStats | undefined> {
  return page.evaluate(() => window.__openex!.tabStats());
}
export function clientStats(page: Page): Promise<ClientStats> {
  return page.evaluate(() => window.__openex!.stats());
}
export function ticker(page: Page, symbol: string): Promise<TickerView | undefined> {
  return page.evaluate((k) => window.__openex!.snapshot(k) as TickerView | undefined, `ticker:${symbol}`);
}

/** Waits until the tab shows a ticker for `symbol` newer than `afterTs` (server ms) and returns it. */
export function freshTicker(
  page: Page,
  symbol: string,
  afterTs: number,
  what: string,
  timeoutMs = 30_000,
): Promise<TickerView> {
  return until(
    () => ticker(page, symbol),
    (t) => !!t && t.ts > afterTs,
    what,
    timeoutMs,
  ) as Promise<TickerView>;
}
