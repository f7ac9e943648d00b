/**
 * Set-up for the account screens' e2e tests (tests/accounts-*.test.ts): the real server serving the built SPA
 * (STATIC_DIR from the environment when given, e.g. a private build, else the server's default ./dist that
 * `npm test` builds), a browser, and helpers that talk to the server the way a user's browser would.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { countLoads, navigateInApp, visit } from './app-support';
import { startServerAndBrowser, type RunningServer } from './helpers/server';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export const TOKEN_KEY = 'openex:token';

export interface Harness {
  server: RunningServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const [server, browser] = await startServerAndBrowser(
    process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {},
  );
  return {
    server,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

/**
 * The demo user's credentials, as a development server prints them at start-up on its banner
 * (`Demo user: <account> / <password>`); never in a log line (SAFE-6): the `demo_user` event names the account only.
 */
export function demoCredentials(server: RunningServer): { account: string; password: string } {
  let logged: string | undefined;
  for (const line of server.logs) {
    const m = /^Demo user: (\S+) \/ (\S+)(?: \(trade password \S+\))?$/.exec(line.trim());
    if (m) return { account: m[1], password: m[2] };
    try {
      const j = JSON.parse(line) as { event?: string; account?: string; password?: string };
      if (j.event === 'demo_user') {
        if (j.password !== undefined) throw new Error('the demo_user log line carries a password');
        logged = j.account;
      }
    } catch (err) {
      if (err instanceof Error && err.message.includes('carries a password')) throw err;
      /* not JSON */
    }
  }
  throw new Error(
    logged ? `the banner printed no "Demo user:" line (log: ${logged})` : 'the server printed no demo user',
  );
}

async function api<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(opts.token ? { satoken: opts.token } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

/** The newest code the development outbox holds for an address. */
export async function latestCode(server: RunningServer, to: string): Promise<string> {
  const r = await api<{ code: string }[]>(server, 'GET', `/api/_test/outbox?to=${encodeURIComponent(to)}`);
  if (r.code !== 200 || !r.data.length) throw new Error(`no code for ${to}: ${JSON.stringify(r)}`);
  return r.data[0].code;
}

let seq = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${++seq}@example.com`;
}

/** Registers an email account through the server's calls (code from the outbox) and returns its token. */
export async function registerByApi(server: RunningServer, email: string, password: string): Promise<string> {
  await api(server, 'POST', `/api/user/sendEmailCode?codeType=register&email=${encodeURIComponent(email)}`);
  const code = await latestCode(server, email);
  const r = await api<{ satoken: string }>(server, 'POST', '/api/user/register', {
    body: { type: 'email', email, password, emailCode: code },
  });
  if (r.code !== 200) throw new Error(`register failed: ${JSON.stringify(r)}`);
  return r.data.satoken;
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  token?: string;
  language?: string;
  /** Lets a test inject axe-core past the server's Content-Security-Policy. */
  bypassCSP?: boolean;
}

/** Registers an ordinary account (no code needed while accountCode is off) and returns its token. */
export async function registerAccountByApi(
  server: RunningServer,
  password = 'AccountPass123-Quartz',
): Promise<{ account: string; password: string; token: string }> {
  const account = `u${process.pid}x${Date.now().toString(36)}x${++seq}`.slice(0, 32);
  const r = await api<{ satoken: string }>(server, 'POST', '/api/user/register', {
    body: { type: 'account', account, password },
  });
  if (r.code !== 200) throw new Error(`register failed: ${JSON.stringify(r)}`);
  return { account, password, token: r.data.satoken };
}

export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: opts.viewport ?? PHONE,
    deviceScaleFactor: 1,
    bypassCSP: opts.bypassCSP ?? false,
    // Not about the service worker (PERF-21): see app-support.ts.
    serviceWorkers: 'block',
  });
  await ctx.addInitScript(
    ([tokenKey, token, lang]) => {
      // Once per context: a marker that sign-out leaves alone (it clears session storage and the session keys).
      if (!localStorage.getItem('h8:init')) {
        localStorage.setItem('h8:init', '1');
        localStorage.setItem('openex:language', lang);
        if (token) localStorage.setItem(tokenKey, token);
      }
    },
    [TOKEN_KEY, opts.token ?? '', opts.language ?? 'en'] as const,
  );
  countLoads(ctx);
  return ctx;
}

/** Opens a path and waits until the app has mounted and the route's screen rendered. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('.layout', { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.nav-progress'), null, { timeout: 30_000 });
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY);
}

/**
 * Signs in with the form reached inside the running app (no page load): /login carrying `then` as its return path
 * (PUB-2), so the app goes there once signed in; waits until that screen rendered. The fields are found by name,
 * so any language does.
 */
export async function signInInApp(page: Page, account: string, password: string, then: string): Promise<void> {
  await navigateInApp(page, `/login?redirect=${encodeURIComponent(then)}`);
  await page.locator('form input[name="account"]').fill(account);
  await page.locator('form input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((u) => u.pathname === then);
  await page.waitForFunction(() => !document.querySelector('.nav-progress'), null, { timeout: 30_000 });
}

/** Signs out with the security screen's button (reached inside the app unless shown), as a user does. */
export async function signOutInApp(page: Page, base: string): Promise<void> {
  if (!page.url().startsWith(`${base}/setpwd`)) await visit(page, base, '/setpwd');
  await page.locator('[data-action="sign-out"]').click();
  await page.waitForURL((u) => u.pathname === '/lr');
}

/** A valid 1x1 PNG (signature, IHDR, IDAT, IEND). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
