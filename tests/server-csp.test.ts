/**
 * The security headers let the real app run: loading the built SPA in Chromium from the real server produces
 * no Content-Security-Policy violation (scripts, workers, styles, images, socket), and client-side routes
 * get the app page. Uses the build in STATIC_DIR (default ./dist, which `npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { waitForContent, waitForShell } from './app-support';
import { launchBrowser } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

let srv: RunningServer;
let browser: Browser;
beforeAll(async () => {
  srv = await startServer({ STATIC_DIR: process.env.STATIC_DIR ?? './dist' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

describe('[h1] CSP fits the SPA', () => {
  for (const path of ['/', '/trade', '/about']) {
    it(`${path}: the app loads with no CSP violation`, async () => {
      const page = await browser.newPage();
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
