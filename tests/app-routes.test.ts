/**
 * Spec 2.1 and 2.4: every route is declared and renders a screen with its top bar and a real (translated)
 * title, never a raw message key or the not-found page. Signed in, so the guard lets every path through.
 */
import { describe, expect, it } from 'vitest';
import { appWithDemoUser, DESKTOP, gotoApp, newContext, PHONE } from './app-support';

/** Spec 2.1 (path = name), with sample ids for the parameterised ones. */
const ROUTES_2_1 = [
  '/',
  '/lr',
  '/login',
  '/register',
  '/forget',
  '/setpwd',
  '/recharge',
  '/withdraw',
  '/fund-password',
  '/withdrawDeposit',
  '/flashExchange',
  '/exchange',
  '/invaite',
  '/store',
  '/flash',
  '/contract',
  '/trade',
  '/flashOption',
  '/finance',
  '/wallet',
  '/search',
  '/termService',
  '/help',
  '/helpDetail/1',
  '/about',
  '/langList',
  '/download',
  '/finance/subscribe/1',
  '/cashflow',
  '/proxy',
  '/proxy/records',
  '/proxy/earnings',
  '/changePassword',
  '/emailAuthentication',
  '/floworder',
  '/floworder/confirm/1',
  '/floworder/mine',
  '/floworder/apply',
  '/userauth',
  '/message',
  '/message/detail',
  '/phoneAuth',
];
/** Spec 2.4 (default navigation configuration). */
const ROUTES_2_4 = [
  '/',
  '/proxy',
  '/trade',
  '/option',
  '/assets',
  '/welfare',
  '/invite',
  '/extend',
  '/primary',
  '/advanced',
  '/follow',
  '/recharge',
];
const ALL = [...new Set([...ROUTES_2_1, ...ROUTES_2_4])];
/** GUARD-5: signed in, the entry screens send the visitor on; on a fresh page load that is home. */
const SIGNED_IN_GOES_HOME: readonly string[] = ['/lr', '/login', '/register'];

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
          if (at !== (SIGNED_IN_GOES_HOME.includes(path) ? '/' : path)) {
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
