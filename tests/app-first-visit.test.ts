/**
 * A first visit, signed out: the language without an account (LANG-8), the brand marks and the favicon (BRAND-1,
 * BRAND-2), coin logos with their neutral fallback (BRAND-3), the service worker and the offline start (PERF-21..24),
 * the public market pages and the return after signing in (PUB-1..3).
 * One server and one browser for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { api } from '../src/shared/api/registry';
import {
  DEMO_USER,
  DESKTOP,
  gotoApp,
  navigateInApp,
  newContext,
  PHONE,
  shot,
  startApp,
  visitorPage,
  waitForShell,
  type AppHarness,
} from './app-support';

let app: AppHarness;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * PERF-69: the signed-out visits that are not about the first load share one context, its storage cleared after
 * each test (a visitor's empty storage); the first loads (BRAND-2, PERF-51, the service worker) keep fresh ones.
 */
const visitor = visitorPage(() => app.browser);

async function htmlLang(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** Opens the language sheet from `trigger`, picks `code`, and waits for the page to switch. */
async function pick(page: Page, trigger: string, code: string): Promise<void> {
  await page.click(trigger);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.locator(`button[data-lang="${code}"]`).click();
  await page.waitForFunction((c) => document.documentElement.lang === c, code);
  await dialog.waitFor({ state: 'detached' });
}

describe('language without an account [LANG-8]', () => {
  it('[LANG-8][LANG-3] signed out on the phone: home, then /lr, switch to Arabic (rtl) and back to English', async () => {
    const page = await visitor(PHONE);
    await gotoApp(page, `${app.server.url}/`);
    expect(page.url()).toBe(`${app.server.url}/`);
    await pick(page, '.home-bar [data-action="language"]', 'ar');
    expect(await htmlLang(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The choice holds on the sign-in wall, where the same control switches back.
    await gotoApp(page, `${app.server.url}/lr`);
    expect(await htmlLang(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await pick(page, '.topbar [data-action="language"]', 'en');
    expect(await htmlLang(page)).toEqual({ lang: 'en', dir: 'ltr' });
    // And to Arabic from /lr, back from the home shortcut.
    await pick(page, '.topbar [data-action="language"]', 'ar');
    expect(await htmlLang(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await gotoApp(page, `${app.server.url}/`);
    await pick(page, '.home-shortcuts [data-action="language"]', 'en');
    expect(await htmlLang(page)).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('[LANG-8] the sheet is a modal dialog for the keyboard: focus moves in, Escape closes, focus returns', async () => {
    const page = await visitor(PHONE);
    await gotoApp(page, `${app.server.url}/login`);
    const trigger = page.locator('.topbar [data-action="language"]');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await dialog.locator('button[data-lang]').count()).toBeGreaterThanOrEqual(13);
    expect(await dialog.locator('button[data-lang="en"]').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-action') === 'language');
    expect(page.url()).toBe(`${app.server.url}/login`);
  });

  it('[LANG-8] signed out on the desktop: the navigation opens the same list as a dialog', async () => {
    const page = await visitor(DESKTOP);
    await gotoApp(page, `${app.server.url}/register`);
    await pick(page, '.dnav [data-action="language"]', 'de');
    expect(await htmlLang(page)).toEqual({ lang: 'de', dir: 'ltr' });
    expect(page.url()).toBe(`${app.server.url}/register`);
  });
});

describe('brand and coin logos [BRAND-1][BRAND-2][BRAND-3]', () => {
  it('[BRAND-2][BRAND-3] a first load: a favicon that exists, coin logos for known coins, a neutral mark otherwise, no 404', async () => {
    const ctx = await newContext(app.browser, { viewport: DESKTOP });
    const page = await ctx.newPage();
    const failed: string[] = [];
    const iconRequests: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    // A reload aborts the worker script's open request (net::ERR_ABORTED); anything else is a failure.
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`failed ${r.url()}`);
    });
    page.on('request', (r) => {
      if (r.url().includes('/coin-icons/')) iconRequests.push(new URL(r.url()).pathname);
    });
    await gotoApp(page, `${app.server.url}/`);
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '');
    expect(icon).toBe(`${app.server.url}/favicon.svg`);
    const fav = await page.request.get(icon);
    expect(fav.status()).toBe(200);
    expect(fav.headers()['content-type']).toContain('image/svg+xml');

    // Home's lists: BTC has its logo, loaded; TON (not in the icon package) the neutral mark.
    const btc = page.locator('tr[data-symbol="btcusdt"] img.coin-icon').first();
    await btc.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('tr[data-symbol="btcusdt"] img.coin-icon');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await btc.getAttribute('src')).toBe('/coin-icons/BTC.svg');
    expect(await btc.getAttribute('alt')).toBe('');
    await page.goto(`${app.server.url}/`); // the manifest is per page load; the lists are long on /store only signed in
    await page.waitForSelector('img.coin-icon');
    const fallbacks = await page
      .locator('[data-coin-fallback]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-coin-fallback')));
    for (const coin of fallbacks) expect(iconRequests).not.toContain(`/coin-icons/${coin}.svg`);
    expect(iconRequests.filter((p) => p.endsWith('manifest.json'))).toHaveLength(2); // once per page load
    expect(failed).toEqual([]);
    await ctx.close();
  });

  it('[BRAND-1] the sign-in wall shows the drawn mark, not a letter', async () => {
    const page = await visitor(PHONE);
    await gotoApp(page, `${app.server.url}/lr`);
    await page.waitForSelector('.auth__logo svg.logo__mark');
    expect((await page.locator('.auth__logo').innerText()).trim()).toBe('');
  });
});

describe('home holds still [PERF-51]', () => {
  it('[PERF-51] a first load on the phone with the notices answering late: nothing painted moves, then the notices, shortcuts and list show together', async () => {
    const ctx = await newContext(app.browser, { viewport: PHONE });
    await ctx.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The notices answer after the list's data (as on a slow link): what they bring must not push anything down.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await ctx.route('**/api/notice/list**', async (route) => {
      await held;
      await route.continue();
    });
    const page = await ctx.newPage();
    await gotoApp(page, `${app.server.url}/`);
    await page.waitForSelector('.home-hero');
    expect(await page.locator('.home-markets').count()).toBe(0);
    expect(await page.locator('.home-pending[aria-busy="true"]').count()).toBe(1);
    release();
    await page.waitForSelector('.home-markets tbody tr, .home-markets [role="row"]');
    await page.waitForSelector('.notice-strip');
    expect(await page.locator('.home-shortcuts').count()).toBe(1);
    // Layout-shift entries are queued with the frame that caused them: let two frames pass before reading the sum.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift).toBeLessThan(0.01);
    await ctx.close();
  });
});

describe('installable and calm offline [PERF-21][PERF-22][PERF-23][PERF-24]', () => {
  it('[PERF-21][PERF-22][PERF-23][PERF-24] offline, home opens from the service worker with its notice and the last prices; /api is never served from it; back online the live data returns without a reload', async () => {
    const ctx = await newContext(app.browser, { viewport: PHONE, serviceWorkers: 'allow' });
    // Offline emulation reaches the page and its dedicated workers, not a SharedWorker (a target of its own), whose
    // socket would stay up: this tab runs the market worker as the dedicated fallback (connect.ts) instead.
    await ctx.addInitScript(() => {
      (window as { SharedWorker?: unknown }).SharedWorker = undefined;
    });
    const page = await ctx.newPage();
    await gotoApp(page, `${app.server.url}/`);
    await page.waitForFunction(
      () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker.controller !== undefined,
    );
    // The tab saves the prices it shows every few seconds while live (PERF-24).
    const saved = await page.waitForFunction(() => {
      const raw = localStorage.getItem('openex:lastPrices');
      const snap = raw ? (JSON.parse(raw) as { tickers: { symbol: string; price: string }[] }) : undefined;
      return snap?.tickers.find((t) => t.symbol === 'btcusdt')?.price;
    });
    const btcPrice = (await saved.jsonValue()) as string;

    await ctx.setOffline(true);
    await page.reload();
    await waitForShell(page);
    await page.getByTestId('offline-banner').waitFor();
    expect(await page.evaluate(() => window.__openex?.health())).not.toBe('live');
    // The saved price, as the engine formatted it (the row groups its digits): compared digit for digit.
    const row = page.locator('[data-symbol="btcusdt"]').first();
    await row.waitFor();
    const digits = (s: string) => s.replace(/\D/g, '');
    await page.waitForFunction(
      ([want]) =>
        (document.querySelector('[data-symbol="btcusdt"]')?.textContent ?? '').replace(/\D/g, '').includes(want),
      [digits(btcPrice)],
    );
    await shot(page, 'offline-home-phone');

    // PERF-22: an /api call offline fails as it would with no service worker, and no cache holds one.
    const offlineCall = await page.evaluate(() =>
      fetch('/api/common/getAllSetting').then(
        (r) => `status ${r.status}`,
        () => 'failed',
      ),
    );
    expect(offlineCall).toBe('failed');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached.some((p) => p === '/index.html')).toBe(true);
    expect(cached.filter((p) => /^\/(api|ws|metrics|healthz)(\/|$)/.test(p))).toEqual([]);

    // Back online: the socket connects, live tickers replace the saved ones, in the same page.
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
    await ctx.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.__openex?.health() === 'live', null, { timeout: 60_000 });
    await page.waitForFunction(() => (window.__openex?.stats().batches ?? 0) > 0);
    await row.waitFor();
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    await ctx.close();
  });
});

describe('public market pages [PUB-1][PUB-2][PUB-3]', () => {
  /** PUB-1: the calls that need a session ("GET /api/..."); a visitor's pages make none. */
  const PRIVATE_CALLS = new Set(
    Object.values(api)
      .filter((e) => e.auth)
      .map((e) => `${e.method} ${e.path}`),
  );

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`[PUB-1][PUB-2][PUB-3] ${size}: a visitor opens markets, help, terms, the language list and trade, then signs in from the trade screen and returns to it`, async () => {
      const page = await visitor(viewport);
      const problems: string[] = [];
      let signedIn = false;
      const onRequest = (r: Request) => {
        const call = `${r.method()} ${new URL(r.url()).pathname}`;
        if (!signedIn && PRIVATE_CALLS.has(call)) problems.push(`private call while signed out: ${call}`);
      };
      const onResponse = (r: Response) => {
        if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${new URL(r.url()).pathname}`);
      };
      const onConsole = (m: ConsoleMessage) => {
        if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
      };
      page.on('request', onRequest);
      page.on('response', onResponse);
      page.on('console', onConsole);
      const at = () => new URL(page.url());
      try {
        // One page load; the rest through the app's own navigation.
        await gotoApp(page, `${app.server.url}/store`);
        expect(at().pathname).toBe('/store');
        await page.locator('.mt-row').first().waitFor();
        await navigateInApp(page, '/help');
        expect(at().pathname).toBe('/help');
        await page.locator('.help-item').first().waitFor();
        await navigateInApp(page, '/termService');
        expect(at().pathname).toBe('/termService');
        await page.locator('.mk-text').first().waitFor();
        // The language list: German, then back to English.
        await navigateInApp(page, '/langList');
        expect(at().pathname).toBe('/langList');
        await page.locator('button[data-lang="de"]').click();
        await page.waitForFunction(() => document.documentElement.lang === 'de');
        await page.locator('button[data-lang="en"]').click();
        await page.waitForFunction(() => document.documentElement.lang === 'en');

        // The trade screen, read-only: where the form and the orders would be, "Log in / Create account".
        await navigateInApp(page, '/trade?symbol=ethusdt');
        expect(at().pathname + at().search).toBe('/trade?symbol=ethusdt');
        await page.locator('.ph-price').first().waitFor();
        if (size === 'desktop') {
          await page.locator('.spot-form [data-testid="signin-cta"]').waitFor();
          expect(await page.locator('.spot-form form').count()).toBe(0);
          await page.locator('.spot-orders [data-testid="signin-cta"]').waitFor();
          await page.locator('.spot-form [data-testid="signin-cta-login"]').click();
        } else {
          await page.locator('[data-testid="spot-bar"] button').first().click();
          const sheet = page.getByRole('dialog');
          await sheet.locator('[data-testid="signin-cta"]').waitFor();
          expect(await sheet.locator('form').count()).toBe(0);
          await sheet.locator('[data-testid="signin-cta-login"]').click();
        }
        await page.waitForURL((u) => u.pathname === '/login');
        expect(at().searchParams.get('redirect')).toBe('/trade?symbol=ethusdt');
        expect(problems).toEqual([]);

        // Signing in returns to the trade screen with its pair, now with the form.
        await page.getByLabel('Account, email or phone').fill(DEMO_USER.account);
        await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
        signedIn = true;
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL((u) => u.pathname === '/trade');
        expect(at().search).toBe('?symbol=ethusdt');
        if (size === 'desktop') await page.locator('.spot-form form').first().waitFor();
        expect(await page.locator('.spot-form [data-testid="signin-cta"]').count()).toBe(0);

        // PUB-2: an entry screen never sends a signed-in user off the site.
        // (Through the router's history, as a link would; the trade screen stays mounted, so wait on the address.)
        await page.evaluate(
          (to) => {
            history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
          },
          `/login?redirect=${encodeURIComponent('//evil.example/x')}`,
        );
        await page.waitForURL((u) => u.pathname === '/trade');
        expect(at().host).toBe(new URL(app.server.url).host);
        expect(problems).toEqual([]);
      } finally {
        // The page is the next test's: what these listeners collect ends with this test.
        page.off('request', onRequest);
        page.off('response', onResponse);
        page.off('console', onConsole);
      }
    });
  }
});
