/**
 * Spec 2.1 and 2.4: every route is declared and renders a screen with its top bar and a real (translated)
 * title, never a raw message key or the not-found page. Signed in, so the guard lets every path through.
 */
import { describe, expect, it } from 'vitest';
import { appWithDemoUser, DESKTOP, gotoApp, newContext, PHONE } from './app-support';
import { ALL_ROUTES, SIGNED_IN_ENTRY_PATHS } from './app-route-list';

const ALL = ALL_ROUTES;

const env = appWithDemoUser();

describe('[spec 2.1, 2.4] route table', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`[spec 2.1, 2.4][GUARD-5] every route renders its screen with a title (${label})`, async () => {
      const ctx = await newContext(env.app.browser, { viewport, token: env.token });
      const page = await ctx.newPage();
      const problems: string[] = [];
      try {
        for (const path of ALL) {
          await gotoApp(page, env.app.server.url + path);
          const at = new URL(page.url()).pathname;
          if (at !== (SIGNED_IN_ENTRY_PATHS.includes(path) ? '/' : path)) {
            problems.push(`${path}: ended on ${at}`);
            continue;
          }
          await page.waitForSelector('main#main *', { timeout: 15_000 }).catch(() => undefined);
          if (await page.locator('[data-testid="not-found-screen"]').count()) problems.push(`${path}: not found`);
          const text = (await page.locator('main#main').innerText()).trim();
          if (text === '') problems.push(`${path}: empty screen`);
          if (/\b(title|nav|ui)\.[a-zA-Z]+\b/.test(text))
            problems.push(`${path}: raw message key in ${JSON.stringify(text.slice(0, 80))}`);
        }
      } finally {
        await ctx.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('an unknown path shows the not-found screen with a way home', async () => {
    const ctx = await newContext(env.app.browser, { viewport: PHONE, token: env.token });
    const page = await ctx.newPage();
    try {
      await gotoApp(page, env.app.server.url + '/no-such-page');
      expect(await page.locator('[data-testid="not-found-screen"]').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    } finally {
      await ctx.close();
    }
  });
});
