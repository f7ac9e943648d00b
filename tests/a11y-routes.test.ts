/**
 * A11Y-2 on the dialogs and sheets a customer opens on the routes of spec 2.1 and 2.4: axe-core finds no serious or
 * critical violation there, and axe's `meta-viewport` rule is part of every run (A11Y-6). Runs with reduced motion: a
 * price flash lasts 0.6 s and axe would otherwise measure whatever frame of the fade it caught. A11Y-2 on the routes
 * themselves runs on the route walk's own visits (tests/app-walk.test.ts: one visit of a route does both the walk's
 * checks and axe, instead of a second walk here); the Arabic screens are tests/app-a11y.test.ts; the phone's trade,
 * language, transfer, sign-out, seconds and options sheets are A11Y-21 (tests/a11y-screens.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appWithDemoUser, DESKTOP, gotoApp, newContext, PHONE, waitForContent } from './app-support';
import { axeSeriousAndViewport } from './helpers/axe';

const env = appWithDemoUser();

/** axe's serious and critical findings (and `meta-viewport`'s) on the page as it is now, as "rule (impact): targets". */
async function axeFound(page: Page): Promise<string[]> {
  return (await axeSeriousAndViewport(page)).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/**
 * Goes to `route` through the router's history navigation (no page load) and waits until the app answered: a new
 * screen in place of the old one, or the same screen kept (a guarded route signed out lands on the sign-in screen
 * it was already on; two routes drawn by one component keep it, which then shows the new route). The caller then
 * waits for the screen's content.
 */
async function goInApp(page: Page, route: string): Promise<void> {
  const before = new URL(page.url()).pathname;
  await page.evaluate((to) => {
    for (const el of Array.from(document.querySelectorAll('main#main > *'))) el.setAttribute('data-left', '');
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  const replaced = await page
    .waitForFunction(
      (b) =>
        !document.querySelector('.nav-progress') &&
        (location.pathname === b ||
          Array.from(document.querySelectorAll('main#main > *')).some((el) => !el.hasAttribute('data-left'))),
      before,
      // Not a time limit: past it the screen is taken as kept (one component for both routes), and the content
      // wait below still waits for anything loading.
      { timeout: 3_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!replaced) await page.waitForFunction(() => !document.querySelector('.nav-progress'));
}

/** Opens a dialog or sheet with `open`, waits until it has come in, and returns axe's findings on it; closes it. */
async function dialogFound(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  await open();
  const dialog = page.getByRole('dialog').first();
  await dialog.waitFor();
  await page.waitForFunction(
    () => document.querySelector('[role="dialog"]')?.getAnimations({ subtree: true }).length === 0,
  );
  const found = await axeFound(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return found;
}

describe('[A11Y-2] axe on the dialogs and sheets', () => {
  it('[A11Y-2] [A11Y-16] the futures position dialogs (an error shown and described), the menus, the invite poster, the exchange, follow and take confirmations, phone and desktop', async () => {
    // A position for the position dialogs.
    const r = await fetch(`${env.app.server.url}/api/contract/order/submit`, {
      method: 'POST',
      headers: { satoken: env.token, 'content-type': 'application/json', 'idempotency-key': 'a11y-2-position' },
      body: JSON.stringify({
        symbol: 'btcusdt',
        side: 'long',
        action: 'open',
        type: 'market',
        shares: '3',
        leverage: 10,
      }),
    });
    expect(((await r.json()) as { code: number }).code).toBe(200);
    const found: Record<string, string[]> = {};
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const ctx = await newContext(env.app.browser, { viewport, token: env.token, reducedMotion: 'reduce' });
      const at = (name: string) => `${size} ${name}`;
      try {
        const page = await ctx.newPage();
        await gotoApp(page, `${env.app.server.url}/contract?symbol=btcusdt`);
        await waitForContent(page);
        const row = page.locator('[data-testid="futures-account"] [data-position-id]').first();
        await row.waitFor();
        if (size === 'phone') {
          found[at('futures pair chooser')] = await dialogFound(page, () => page.locator('.ph-name').first().click());
          found[at('futures order sheet')] = await dialogFound(page, () =>
            page.getByTestId('futures-bar').getByRole('button').first().click(),
          );
        }
        found[at('close position')] = await dialogFound(page, () => row.getByTestId('close-position').click());
        found[at('take-profit / stop-loss')] = await dialogFound(page, () => row.getByTestId('tpsl-position').click());
        // The margin dialog with its rule broken: the amount is invalid and described by the rule shown (A11Y-16).
        found[at('adjust margin, an amount too large')] = await dialogFound(page, async () => {
          await row.getByTestId('margin-position').click();
          const amount = page.getByTestId('margin-amount');
          await amount.fill('99999999');
          await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
          const why = await amount.evaluate(
            (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
          );
          expect(why).toMatch(/^Insufficient USDT/);
          expect(await page.getByTestId('margin-dialog').getByRole('alert').textContent()).toBe(why);
        });

        await goInApp(page, '/wallet');
        await waitForContent(page);
        if (size === 'phone')
          found[at('menu')] = await dialogFound(page, () =>
            page.getByRole('button', { name: 'Menu', exact: true }).first().click(),
          );
        else {
          found[at('language sheet')] = await dialogFound(page, () => page.locator('.dnav__lang').click());
          // The account menu open (a disclosure, not a dialog), then its sign-out confirmation.
          await page.getByRole('button', { name: 'Account menu' }).click();
          await page.locator('.amenu__panel').waitFor();
          found[at('account menu')] = await axeFound(page);
          found[at('sign-out dialog')] = await dialogFound(page, () =>
            page.locator('.amenu__panel').getByRole('button', { name: 'Sign out' }).click(),
          );
        }

        await goInApp(page, '/invite');
        await waitForContent(page);
        found[at('invite poster')] = await dialogFound(page, () => page.getByTestId('invite-poster-open').click());

        await goInApp(page, '/flashExchange');
        await waitForContent(page);
        found[at('exchange confirmation')] = await dialogFound(page, async () => {
          await page.getByTestId('exchange-amount').fill('10');
          await page.getByTestId('exchange-form').locator('button[type="submit"]').click();
        });

        await goInApp(page, '/follow');
        await waitForContent(page);
        found[at('follow dialog')] = await dialogFound(page, () => page.getByTestId('follow-open').first().click());

        await goInApp(page, '/floworder');
        await waitForContent(page);
        found[at('take an offer')] = await dialogFound(page, () =>
          page.locator('[data-testid="flow-offer-take"]:enabled').first().click(),
        );
      } finally {
        await ctx.close();
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    expect(Object.keys(found)).toHaveLength(20);
  });
});
