/**
 * Shared set-up for the app shell's e2e tests (tests/app-*.test.ts): one private build of the SPA,
 * the real server serving it, a browser, and sign-in with the seeded demo user.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { startServerAndBrowser, type RunningServer } from './helpers/server';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export const DEMO_USER = { account: 'demo@openex.local', password: 'Demo12345' };
export const TOKEN_KEY = 'openex:token';
export const LANGUAGE_KEY = 'openex:language';

let builtDir: string | undefined;

/** Builds the SPA once per test process into a private folder (or uses APP_STATIC_DIR when given). */
export function buildApp(): string {
  if (process.env.APP_STATIC_DIR) return process.env.APP_STATIC_DIR;
  if (builtDir && existsSync(join(builtDir, 'index.html'))) return builtDir;
  const out = mkdtempSync(join(tmpdir(), 'h5-app-dist-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
    {
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would make vite bundle React's development builds.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  builtDir = out;
  return out;
}

export interface AppHarness {
  server: RunningServer;
  browser: Browser;
  staticDir: string;
  close(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<AppHarness> {
  const staticDir = buildApp();
  const [server, browser] = await startServerAndBrowser({ STATIC_DIR: staticDir, ...env });
  return {
    server,
    browser,
    staticDir,
    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

export interface SignedInApp {
  app: AppHarness;
  token: string;
}

/**
 * The usual set-up of a test file (or describe block): the app started before its tests with the demo user's
 * token, closed after them; `serverEnv` adds to the server's environment (e.g. TEST_SWITCHES). Read `env.app` /
 * `env.token` inside tests (they are set once beforeAll ran).
 */

export function appWithDemoUser(serverEnv: Record<string, string> = {}): SignedInApp {
  const env = {} as SignedInApp;
  beforeAll(async () => {
    env.app = await startApp(serverEnv);
    env.token = await loginToken(env.app.server);
  });
  afterAll(async () => {
    await env.app?.close();
  });
  return env;
}

/** Signs the demo user in through the real login call and returns the session token. */
export async function loginToken(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_USER),
  });
  const json = (await res.json()) as { code: number; data?: { satoken?: string }; msg?: string };
  if (json.code !== 200 || !json.data?.satoken) throw new Error(`demo login failed: ${JSON.stringify(json)}`);
  return json.data.satoken;
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  language?: string;
  token?: string;
  /** Lets tests inject scripts (axe-core) past the server's Content-Security-Policy. */
  bypassCSP?: boolean;
  reducedMotion?: 'reduce' | 'no-preference';
  /**
   * The service worker (PERF-21) is blocked unless a test is about it: installing it precaches the whole build
   * (about 400 files) in every fresh context, which would only slow the other flows down.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * With E2E_LOAD_LOG=<file>: appends one line per page load of `ctx` to that file, `fresh` for a page's first load
 * (a new context or tab loading the build) and `reload` for a later one (goto, reload, a form's full navigation),
 * each with the test's name, and a `context` line for the context itself; what the suite's speed work counts (an
 * in-app move loads nothing).
 */
export function countLoads(ctx: BrowserContext): void {
  const file = process.env.E2E_LOAD_LOG;
  if (!file) return;
  // The test running now (a context kept across tests loads for several).
  const test = () => expect.getState().currentTestName ?? '(set-up)';
  appendFileSync(file, `context\t${test()}\n`);
  const loaded = new WeakSet<Page>();
  ctx.on('request', (r) => {
    if (!r.isNavigationRequest() || r.resourceType() !== 'document') return;
    if (r.url().startsWith('about:') || r.url().endsWith(SEED_PATH)) return;
    let frame;
    try {
      frame = r.frame();
    } catch {
      // A new tab's first navigation (a link opening one) is issued before its frame exists: a fresh load.
      appendFileSync(file, `fresh\t${test()}\n`);
      return;
    }
    const page = frame.page();
    if (frame !== page.mainFrame()) return;
    appendFileSync(file, `${loaded.has(page) ? 'reload' : 'fresh'}\t${test()}\n`);
    loaded.add(page);
  });
}

/** A fresh browser context with the language (and optionally a token) stored before the app starts. */
export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: opts.viewport ?? PHONE,
    deviceScaleFactor: 1,
    bypassCSP: opts.bypassCSP ?? false,
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    serviceWorkers: opts.serviceWorkers ?? 'block',
  });
  await ctx.addInitScript(
    ([langKey, lang, tokenKey, token]) => {
      if (!sessionStorage.getItem('__h5_init')) {
        sessionStorage.setItem('__h5_init', '1');
        if (lang) localStorage.setItem(langKey, lang);
        if (token) localStorage.setItem(tokenKey, token);
      }
    },
    [LANGUAGE_KEY, opts.language ?? 'en', TOKEN_KEY, opts.token ?? ''] as const,
  );
  countLoads(ctx);
  return ctx;
}

/**
 * A short request timeout for the tests that wait a lost reply out (SPOT-9, WDR-10): what the app waits before it
 * gives a request up, instead of its 10 s. Short enough to save most of that wait, long enough that no ordinary
 * request of a page times out on a loaded machine.
 */
export const SHORT_REQUEST_TIMEOUT_MS = 4_000;
/** How long such a test's server holds the reply: well past {@link SHORT_REQUEST_TIMEOUT_MS}, so the app gives up first. */
export const HELD_REPLY_MS = SHORT_REQUEST_TIMEOUT_MS + 5_000;

/**
 * DEPLOY-10 for one context: the app in `ctx`'s pages loaded from now on reads the server's own config.json with
 * `requestTimeoutMs` set to `ms` (what an operator's APP_REQUEST_TIMEOUT_MS would serve), so only the pages of a
 * test that waits a timeout out get the short one; the file's other pages keep the default. Returns the undo
 * (routing keeps the context's HTTP cache off while it is on).
 */
export async function withRequestTimeout(ctx: BrowserContext, ms: number): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    const res = await route.fetch();
    const config = (await res.json()) as Record<string, unknown>;
    await route.fulfill({ response: res, json: { ...config, requestTimeoutMs: ms } });
  };
  await ctx.route('**/config.json', handler);
  return () => ctx.unroute('**/config.json', handler);
}

/** The pages of {@link keptPage} in this file: only the one a test asks for keeps its app running. */
const keptPages = new Set<{ page?: Page }>();

/**
 * One page kept open across the tests of a file or describe block, for tests that reach their screens inside the
 * running app ({@link visit}) rather than by a first visit: the context (from `make`, at the first call) and its
 * page live until the block ends, and the app stays loaded between tests. The tests then run in order on one app: each leaves what the next relies on (a sign-in, a stored
 * setting) said in the block; a closed page is replaced. Asking for one parks the file's other kept pages on
 * about:blank (an app left open keeps its sockets, timers and renderer busy): the next test on a parked page loads
 * it again, in its warm context.
 */
export function keptPage(make: () => Promise<BrowserContext>): () => Promise<Page> {
  let ctx: BrowserContext | undefined;
  const kept: { page?: Page } = {};
  keptPages.add(kept);
  afterAll(async () => {
    keptPages.delete(kept);
    await ctx?.close();
  });
  return async () => {
    for (const other of keptPages)
      if (other !== kept && other.page && !other.page.isClosed() && other.page.url() !== 'about:blank')
        await other.page.goto('about:blank');
    ctx ??= await make();
    if (!kept.page || kept.page.isClosed()) kept.page = await ctx.newPage();
    return kept.page;
  };
}

/**
 * PERF-69: sets `page`'s viewport to `size` for a test of a kept page ({@link keptPage}, {@link visitorPage}) that
 * runs at another size than the test before it. A change parks the page on about:blank, so the test's next
 * {@link visit} loads the app at its size (in the warm context: a reload, not a fresh context) rather than moving
 * inside an app laid out for the old one.
 */
export async function atSize(page: Page, size: { width: number; height: number }): Promise<Page> {
  const now = page.viewportSize();
  if (now?.width === size.width && now.height === size.height) return page;
  await page.setViewportSize(size);
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  return page;
}

/**
 * PERF-69: one context and page for a block's signed-out visits that need empty storage (no token, no stored
 * language or setting) but not an empty cache: after each test the page's local and session storage and the
 * context's cookies are cleared and the page parked on about:blank, so the next test's load (the test's own
 * {@link gotoApp}) starts as a first visit to the app, in the language `newContext` stores (English), at the size it
 * asks for. A test about the first load itself (what a cold cache fetches, the service worker, a layout that must
 * hold on it) keeps a fresh context of its own.
 */
export function visitorPage(browser: () => Browser): (size: { width: number; height: number }) => Promise<Page> {
  let ctx: BrowserContext | undefined;
  let page: Page | undefined;
  afterEach(async () => {
    if (!page || page.isClosed()) return;
    if (page.url().startsWith('http'))
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    await ctx?.clearCookies();
    await page.goto('about:blank');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return async (size) => {
    ctx ??= await newContext(browser(), { viewport: size });
    if (!page || page.isClosed()) page = await ctx.newPage();
    return atSize(page, size);
  };
}

/** The empty document {@link seedStorage} writes the storage from (served by a route; it loads no app). */
const SEED_PATH = '/__seed-storage';

/**
 * PERF-69: gives the app's origin at `base` the storage a fresh context of {@link newContext} would start with
 * (English, no token) plus `entries` (a null value: that key not stored), from an empty document of that origin (served by a route of the page, the app
 * not loaded): local and session storage are cleared first. A page kept across tests then starts its next load as,
 * say, another user (their token) or in another language. Not counted as a load.
 */
export async function seedStorage(page: Page, base: string, entries: Record<string, string | null>): Promise<void> {
  const url = base + SEED_PATH;
  const handler = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title></title>' });
  await page.route(url, handler);
  try {
    await page.goto(url);
    await page.evaluate(
      ([e, langKey]) => {
        localStorage.clear();
        sessionStorage.clear();
        // newContext's start-up script stores its defaults only once per tab: marked done, it leaves these alone.
        sessionStorage.setItem('__h5_init', '1');
        localStorage.setItem(langKey, 'en');
        for (const [k, v] of Object.entries(e))
          if (v === null) localStorage.removeItem(k);
          else localStorage.setItem(k, v);
      },
      [entries, LANGUAGE_KEY] as const,
    );
  } finally {
    await page.unroute(url, handler);
  }
}

/**
 * Goes to `path` (with its query) on the app at `base`: through the app's own navigation ({@link navigateInApp})
 * when `page` already shows the app on another route, else by loading it ({@link gotoApp}: the first test, a test
 * run on its own, or the route already shown).
 */
export async function visit(page: Page, base: string, path: string): Promise<void> {
  const here = page.url().startsWith(base) ? new URL(page.url()) : undefined;
  // The same route again would keep its screen (and what the last test typed into it): that one is loaded anew.
  if (here && here.pathname !== new URL(path, base).pathname && (await page.locator('.layout').count()) > 0)
    await navigateInApp(page, path);
  else await gotoApp(page, base + path);
}

/** Waits until the shell has mounted (start-up done) and the route's screen rendered. */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForSelector('.layout', { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.nav-progress'), null, { timeout: 30_000 });
}

export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForShell(page);
}

/**
 * Waits until the screen's content is there: no boot screen, no route loading, no loading notes, fonts and the
 * images in view loaded, every live price in view has its first value; then two frames, so the last commit painted.
 */
export async function waitForContent(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const busy = document.querySelector(
        '.boot, .nav-progress, .kc-fallback, .kc-loading, .mk-state[role="status"], .loading-overlay',
      );
      if (busy) return false;
      if (!document.querySelector('main#main *')) return false;
      if (document.fonts.status !== 'loaded') return false;
      const vh = window.innerHeight;
      // Images in view have loaded (lazy ones below the fold, or scrolled out of a scrolling box such as the pair
      // list, load only when scrolled to: the browser does not fetch an image its scroll box clips).
      const inView = (el: Element) => {
        const r = el.getBoundingClientRect();
        let top = r.top;
        let bottom = r.bottom;
        for (let a = el.parentElement; a; a = a.parentElement) {
          if (getComputedStyle(a).overflowY === 'visible') continue;
          const box = a.getBoundingClientRect();
          top = Math.max(top, box.top);
          bottom = Math.min(bottom, box.bottom);
        }
        return bottom > Math.max(top, 0) && top < vh && r.width > 0;
      };
      if (Array.from(document.images).some((img) => !img.complete && (img.loading !== 'lazy' || inView(img))))
        return false;
      // Live prices: every price cell in view has its first value (they show "--" until it arrives).
      return !Array.from(document.querySelectorAll('.mt-box, .ph-price, .hc-price, [data-live]')).some((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < vh && r.width > 0 && el.textContent?.trim() === '--';
      });
    },
    null,
    { timeout, polling: 100 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Goes to `path` inside the running app, through the router's own history navigation (as the back button does),
 * without loading the page again, and waits until the new route's screen replaced the old one. For tests that
 * check several screens in one context and are not about start-up: a page load costs seconds, this a few frames.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const el of Array.from(document.querySelectorAll('main#main > *'))) el.setAttribute('data-left', '');
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForFunction(
    () =>
      !document.querySelector('.nav-progress') &&
      Array.from(document.querySelectorAll('main#main > *')).some((el) => !el.hasAttribute('data-left')),
    null,
    { timeout: 30_000 },
  );
}

/** Saves a screenshot of `page` as `name`.png into SHOTS_DIR when that is set (does nothing otherwise). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Calls `path` (GET, or `method` without a body) as `env`'s user and returns its `data`; throws on a code but 200. */
export async function apiData<T>(env: SignedInApp, path: string, method = 'GET'): Promise<T> {
  const r = await fetch(`${env.app.server.url}${path}`, { method, headers: { satoken: env.token } });
  const j = (await r.json()) as { code: number; data: T; msg: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}
