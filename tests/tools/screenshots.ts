/**
 * Screenshots of the market screens for review:
 *   node --import tsx tests/tools/screenshots.ts <baseUrl> <outDir>
 *
 * Captures home, markets, trade and the language list at 390x844 and 1440x900, in English and Arabic.
 * Home and the language list are taken signed out. Markets and trade are guarded (spec 4.2: signed out,
 * only /, /lr, /login, /register, /forget pass), so for those the script signs the demo user in through
 * the login call (DEMO_ACCOUNT / DEMO_PASSWORD, default the seeded demo user) and stores the token the
 * way the app does; without a working login it captures what a signed-out visitor sees (/lr).
 * Also exports the helpers the market e2e tests use.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { StorageKeys } from '../../src/shared/storageKeys';

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

export const SCREENS = [
  { name: 'home', path: '/', guarded: false },
  { name: 'markets', path: '/store', guarded: true },
  { name: 'trade', path: '/trade?symbol=btcusdt', guarded: true },
  { name: 'langlist', path: '/langList', guarded: true },
] as const;

/** Signs the demo user in over HTTP; resolves to the session token, or null if login is not possible. */
export async function demoToken(baseUrl: string): Promise<string | null> {
  const account = process.env.DEMO_ACCOUNT ?? 'demo@openex.local';
  const password = process.env.DEMO_PASSWORD ?? 'Demo12345';
  try {
    const res = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password }),
    });
    const body = (await res.json()) as { code?: number; data?: { satoken?: string } };
    return body.code === 200 && body.data?.satoken ? body.data.satoken : null;
  } catch {
    return null;
  }
}

/** A browser context whose pages start with the given language and (optionally) session token stored. */
export async function marketContext(
  browser: Browser,
  opts: { width: number; height: number; lang?: string; token?: string | null },
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: opts.width, height: opts.height },
    deviceScaleFactor: 1,
    hasTouch: opts.width < 1024,
    isMobile: false,
  });
  await ctx.addInitScript(
    ({ keys, lang, token }) => {
      if (sessionStorage.getItem('__h6_init')) return; // only before the first load of a tab
      sessionStorage.setItem('__h6_init', '1');
      if (lang) localStorage.setItem(keys.language, lang);
      if (token) {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.isSign, 'true');
      }
    },
    { keys: StorageKeys, lang: opts.lang ?? '', token: opts.token ?? '' },
  );
  return ctx;
}

/** Waits until the page shows live prices (a formatted number in a price cell or the header). */
export async function waitForPrices(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll('.px')].some((el) => /\d/.test(el.textContent ?? '')),
    undefined,
    { timeout },
  );
}

async function main(): Promise<void> {
  const [baseUrl, outDir] = process.argv.slice(2);
  if (!baseUrl || !outDir) {
    console.error('usage: node --import tsx tests/tools/screenshots.ts <baseUrl> <outDir>');
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  const token = await demoToken(baseUrl);
  if (!token) console.warn('demo sign-in failed: guarded screens will show the sign-in choice (/lr)');
  const browser = await launchBrowser();
  try {
    for (const lang of ['en', 'ar']) {
      for (const vp of VIEWPORTS) {
        for (const s of SCREENS) {
          const ctx = await marketContext(browser, {
            width: vp.width,
            height: vp.height,
            lang,
            token: s.guarded ? token : null,
          });
          const page = await ctx.newPage();
          await page.goto(baseUrl + s.path, { waitUntil: 'load' });
          if (s.name !== 'langlist')
            await waitForPrices(page).catch(() => console.warn(`no live prices on ${s.name} ${vp.name} ${lang}`));
          if (s.name === 'trade') {
            await page
              .waitForFunction(
                () => Number(document.querySelector('[data-candles]')?.getAttribute('data-candles') ?? 0) > 0,
                undefined,
                { timeout: 15_000 },
              )
              .catch(() => console.warn(`no candles on ${vp.name} ${lang}`));
          }
          await page.waitForTimeout(1500); // let sparklines and the chart settle
          const file = join(outDir, `${s.name}-${vp.name}-${lang}.png`);
          await page.screenshot({ path: file });
          console.log(file);
          await ctx.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
