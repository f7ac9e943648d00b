/**
 * The security headers let the real app run: loading the built SPA in Chromium from the real server produces
 * no Content-Security-Policy violation (scripts, workers, styles, images, socket), and client-side routes
 * get the app page. Uses the build in STATIC_DIR (default ./dist, which `npm test` builds first).
 * DEPLOY-8: the same build, served by a plain static server on another origin with only config.json changed,
 * works against the reference server (CORS_ORIGINS).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { countLoads, loginToken, newContext, waitForContent, waitForShell } from './app-support';
import { launchBrowser } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

let srv: RunningServer;
let browser: Browser;
beforeAll(async () => {
  srv = await startServer({ STATIC_DIR: process.env.STATIC_DIR ?? './dist' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await routesCtx?.close();
  await browser?.close();
  await srv?.stop();
});

/**
 * PERF-94: `/` loads in a fresh context of its own that lets the service worker in (its registration and precache
 * run under the policy too, as a first visit's do); the other paths share one context, the worker blocked (PERF-69's
 * default for a test not about it), each loaded in a new page of it.
 */
let routesCtx: BrowserContext | undefined;
async function pageFor(path: string): Promise<Page> {
  if (path === '/') {
    const page = await browser.newPage();
    countLoads(page.context());
    return page;
  }
  // Playwright's default size, as browser.newPage gives '/'.
  routesCtx ??= await newContext(browser, { viewport: { width: 1280, height: 720 } });
  return routesCtx.newPage();
}

describe('[h1] CSP fits the SPA', () => {
  for (const path of ['/', '/trade', '/about']) {
    it(`${path}: the app loads with no CSP violation`, async () => {
      const page = await pageFor(path);
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text()) && !/unsafe-eval/.test(m.text())) violations.push(m.text());
      });
      await page.exposeFunction('__cspViolation', (s: string) => violations.push(s));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __cspViolation(s: string): void }).__cspViolation(
            `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
          ),
        );
      });
      const res = await page.goto(srv.url + path, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      // The app started (settings fetched, the shell mounted) and its screen's content is in: on / and /trade
      // that includes the live prices, which come through the worker and its socket.
      await waitForShell(page);
      await waitForContent(page);
      expect(await page.locator('#root').count()).toBe(1);
      // A blocked eval is the CSP working, not the app failing: zod 4 probes `new Function` when it builds its
      // first object schema unless src/shared/schemas/zodSetup.ts ran first (see there). Anything else fails.
      expect(violations.filter((v) => !/^script-src eval /.test(v))).toEqual([]);
      await page.close();
    });
  }
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A static host such as a CDN or nginx: the build's files, index.html for the app's pages, and `config` as
 * config.json. No /api, no socket: what the app shows must come from the backend config.json names. Records
 * every path asked for.
 */
async function staticHost(
  dir: string,
  config: () => unknown,
): Promise<{ server: Server; url: string; asked: string[] }> {
  const root = resolve(dir);
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    asked.push(path);
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(JSON.stringify(config()));
      return;
    }
    const file = normalize(join(root, path));
    const page = !extname(path) ? join(root, 'index.html') : file;
    if (!page.startsWith(root)) {
      res.writeHead(404).end();
      return;
    }
    readFile(page).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(page)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

describe('the app on one origin, its backend on another', () => {
  let host: Awaited<ReturnType<typeof staticHost>>;
  let api: RunningServer;
  beforeAll(async () => {
    host = await staticHost(process.env.STATIC_DIR ?? './dist', () => ({
      apiBase: api.url,
      socketUrls: [`${api.wsUrl}/ws/`],
      brandName: 'Harbour',
    }));
    api = await startServer({ STATIC_DIR: '/nonexistent', CORS_ORIGINS: host.url });
  });
  afterAll(async () => {
    await new Promise((r) => host?.server.close(r));
    await api?.stop();
  });

  it('[DEPLOY-8] home shows live prices and a signed-in screen works, every call and socket going to the backend', async () => {
    const token = await loginToken(api);
    const ctx = await newContext(browser, { token });
    const page = await ctx.newPage();
    const failed: string[] = [];
    // Calls to the backend that the browser refused (CORS: net::ERR_FAILED) or could not make. Not the calls still in
    // flight when the test navigates to the next page: the navigation aborts them (net::ERR_ABORTED), whatever the
    // backend would have answered (LIVE-6 fetches the unread count again when the socket is live).
    page.on('requestfailed', (r) => {
      const why = r.failure()?.errorText ?? '';
      if (r.url().startsWith(api.url) && why !== 'net::ERR_ABORTED') failed.push(`${r.url()} ${why}`);
    });
    await page.goto(`${host.url}/`, { waitUntil: 'load' });
    await waitForShell(page);
    // Live prices reach the page only through the backend's socket: the static host has none.
    await waitForContent(page);
    // DEPLOY-2: the brand of config.json names the page.
    await page.waitForFunction(() => document.title.endsWith('Harbour'));
    await page.goto(`${host.url}/wallet`, { waitUntil: 'load' });
    await waitForShell(page);
    await page.locator('[data-testid^="wallet-rows"] [data-coin=USDT]').first().waitFor();
    expect(host.asked.filter((p) => p.startsWith('/api') || p.startsWith('/ws'))).toEqual([]);
    expect(failed).toEqual([]);
    await ctx.close();
  });
});
