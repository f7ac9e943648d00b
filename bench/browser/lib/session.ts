/** One measured client (ours or naive) against its own flood-mode server, in one Chromium. */
import type { BenchWindow } from './metrics';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchOwnBrowser } from '../../../tests/helpers/browser';
import { startServer, type RunningServer } from '../../../tests/helpers/server';
import { instrumentScript } from './instrument';

export type Kind = 'ours' | 'naive';

export interface Session {
  kind: Kind;
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  /** The signed-in demo user's session token (what the pages use). */
  token: string;
  open(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** PERF-B10: a page in a window of its own (same context, so the same SharedWorker), visible and drawn. */
  openWindow(path: string): Promise<Page>;
  close(): Promise<void>;
}

export const FLOOD_ENV = { FLOOD: '10000', FLOOD_SYMBOLS: '50', MARKET_SEED: '42' };

export async function openSession(kind: Kind, staticDir: string, env: Record<string, string> = {}): Promise<Session> {
  const server = await startServer({ ...FLOOD_ENV, STATIC_DIR: staticDir, ...env });
  const browser = await launchOwnBrowser();
  // The service worker (PERF-21) is blocked: installing it precaches the whole build (about 400 files) in this fresh
  // context while the windows are measured, which a returning visitor never pays. Both clients alike.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(instrumentScript);
  // Signed out, spec 4.2 sends /trade to /lr: sign the demo user in through the real login call.
  const token = await demoToken(server.url);
  await context.addInitScript((t) => {
    if (!localStorage.getItem('openex:token')) {
      localStorage.setItem('openex:token', t);
      localStorage.setItem('openex:isSign', 'true');
    }
  }, token);
  return {
    kind,
    server,
    browser,
    context,
    token,
    async open(path, viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
      return page;
    },
    async openWindow(path) {
      // Playwright opens every page as a tab of one window; headless Chromium draws only that window's front tab
      // (see PERF-B10). CDP's Target.createTarget in this context with newWindow gives the page a window and a
      // display of its own; Playwright attaches it as a page of the context.
      const cdp = await browser.newBrowserCDPSession();
      try {
        const [any] = context.pages();
        const own = await context.newCDPSession(any ?? (await context.newPage()));
        const { targetInfo } = (await own.send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } };
        await own.detach();
        const waiting = context.waitForEvent('page');
        await cdp.send('Target.createTarget', {
          url: server.url + path,
          browserContextId: targetInfo.browserContextId,
          newWindow: true,
        });
        const page = await waiting;
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.waitForLoadState('domcontentloaded');
        return page;
      } finally {
        await cdp.detach().catch(() => {});
      }
    },
    async close() {
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

async function demoToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@openex.local', password: 'Demo12345' }),
  });
  const json = (await res.json()) as { code: number; data?: { satoken?: string } };
  if (json.code !== 200 || !json.data?.satoken) throw new Error(`demo login failed: ${JSON.stringify(json)}`);
  return json.data.satoken;
}

/** Messages a tab received from its data source so far: ours, batches the worker sent it; naive, socket messages. */
export async function tabMessages(page: Page, kind: Kind): Promise<number> {
  if (kind === 'naive') return page.evaluate(() => (window as unknown as Partial<BenchWindow>).__naive?.messages ?? 0);
  return page.evaluate(
    async () => (await (window as unknown as Partial<BenchWindow>).__openex?.tabStats())?.batchesSent ?? 0,
  );
}

/** DEPTH frames applied so far: ours, by the worker's engine; naive, by the tab itself (BOOK rules, PERF-B7). */
export async function depthApplied(page: Page, kind: Kind): Promise<number> {
  if (kind === 'naive') return page.evaluate(() => (window as unknown as Partial<BenchWindow>).__naive?.depth ?? 0);
  return page.evaluate(
    async () => (await (window as unknown as Partial<BenchWindow>).__openex?.diagnostics())?.depthFramesApplied ?? 0,
  );
}

/** Waits until the page shows live prices (its data source delivered something). */
export async function waitLive(page: Page, kind: Kind): Promise<void> {
  await page.waitForFunction(
    (k) => {
      const w = window as unknown as Partial<BenchWindow>;
      return k === 'naive'
        ? (w.__naive?.messages ?? 0) > 10
        : (w.__bench?.commits ?? 0) > 3 && (w.__bench?.pendingTs ?? 0) > 0;
    },
    kind,
    { timeout: 30_000 },
  );
}
