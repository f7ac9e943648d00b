/**
 * HTTP 429 in the browser (API-6): the server's per-IP budget is made small (RATE_LIMIT_MAX) so that
 * repeated sign-in attempts run into it. The user sees a clear message with the wait, and the app sends nothing
 * more on that path before Retry-After has passed.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { PHONE, newContext, open } from './accounts-support';
import type { Browser } from 'playwright-core';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_MAX: '12',
    ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('[API-6] too many requests', () => {
  it('[API-6] a 429 shows "try again in N s" and nothing is retried on that path before Retry-After', async () => {
    const ctx = await newContext(browser, { viewport: PHONE });
    const page = await ctx.newPage();
    try {
      await open(page, `${server.url}/login`);
      const logins: Request[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/user/login')) logins.push(r);
      });
      await page.getByLabel('Account, email or phone').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Wrong12345');
      const button = page.getByRole('button', { name: 'Log in' });
      const limited = page.locator('.toast', { hasText: /Too many requests, try again in \d+ s/ });
      for (let i = 0; i < 20 && (await limited.count()) === 0; i++) {
        await button.click();
        await page.waitForFunction(() => !document.querySelector('button[type="submit"][aria-busy="true"]'));
      }
      await limited.first().waitFor();
      const sentBefore = logins.length;
      expect(sentBefore).toBeGreaterThan(0);
      // SESSION-2: the sign-in form shows its failure once, as the toast, not inline as well.
      expect(await page.locator('.form__error').count()).toBe(0);

      // Clicking again fails fast: the message shows again, no request leaves the page.
      await limited.first().waitFor({ state: 'detached' });
      for (let i = 0; i < 3; i++) {
        await button.click();
        await page.waitForFunction(() => !document.querySelector('button[type="submit"][aria-busy="true"]'));
      }
      await limited.first().waitFor();
      // Any request the clicks started leaves before one the page starts after them: wait for that one to show up.
      const after = page.waitForEvent('request', (r) => r.url().includes('/healthz?after-the-clicks'));
      await page.evaluate(() => void fetch('/healthz?after-the-clicks').catch(() => undefined));
      await after;
      expect(logins.length).toBe(sentBefore);
    } finally {
      await ctx.close();
    }
  });
});
