/**
 * A11Y-2: axe-core finds no serious or critical violation on the routes of spec 2.1 and 2.4 (tests/app-route-list.ts),
 * signed out and signed in, phone and desktop, and on the dialogs and sheets a customer opens there; axe's
 * `meta-viewport` rule is part of every run (A11Y-6).
 *
 * Cheap on purpose (the suite's time): one page load per size and signed state, every other route reached through
 * the app's own navigation, and each route checked once per signed state, in one of the two sizes: the phone
 * takes every other route of the list and the desktop the rest, and signed out the other way round, so a public
 * route is checked in both sizes. Signed out only the open paths are visited (every other route shows the sign-in
 * screen, `/lr`, which is one of them: PUB-2); signed in, not the entry screens (they send the visitor home, GUARD-5).
 * Runs with reduced motion: a price flash lasts 0.6 s and axe would otherwise measure whatever frame of the fade it
 * caught. What the route walk checks of each visit (errors, layout, landings) is tests/app-walk.test.ts; the
 * Arabic screens are tests/app-a11y.test.ts; the phone's trade, language, transfer, sign-out, seconds and options
 * sheets are A11Y-21 (tests/a11y-screens.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appWithDemoUser, DESKTOP, gotoApp, newContext, PHONE, waitForContent } from './app-support';
import { ALL_ROUTES, OPEN_PATHS, SIGNED_IN_ENTRY_PATHS } from './app-route-list';
import { axeSeriousAndViewport } from './helpers/axe';

const env = appWithDemoUser();

/** A walk visits up to 25 screens: a hang guard longer than the file default, not a time limit. */
const WALK_TIMEOUT_MS = 300_000;

type Size = 'phone' | 'desktop';
type State = 'signed-out' | 'signed-in';

/**
 * The routes one walk checks: signed in, the phone takes the even places of the route list and the desktop the odd
 * ones (signed out the other way round); signed out only the open paths, signed in not the entry screens.
 */
function routesOf(size: Size, state: State): string[] {
  const parity = (size === 'phone') === (state === 'signed-in') ? 0 : 1;
  return ALL_ROUTES.filter(
    (r, i) =>
      i % 2 === parity && (state === 'signed-out' ? OPEN_PATHS.includes(r) : !SIGNED_IN_ENTRY_PATHS.includes(r)),
  );
}

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

describe('[A11Y-2] axe on every route', () => {
  it('[A11Y-2] the walks check every route signed in, and every open path signed out in both sizes', () => {
    const signedIn = [...routesOf('phone', 'signed-in'), ...routesOf('desktop', 'signed-in')];
    expect([...signedIn].sort()).toEqual(ALL_ROUTES.filter((r) => !SIGNED_IN_ENTRY_PATHS.includes(r)).sort());
    const open = ALL_ROUTES.filter((r) => OPEN_PATHS.includes(r));
    expect([...routesOf('phone', 'signed-out'), ...routesOf('desktop', 'signed-out')].sort()).toEqual([...open].sort());
    // A public route: signed out in one size, signed in in the other.
    for (const r of open.filter((x) => !SIGNED_IN_ENTRY_PATHS.includes(x)))
      expect(routesOf('phone', 'signed-out').includes(r), r).toBe(routesOf('desktop', 'signed-in').includes(r));
  });

  for (const state of ['signed-out', 'signed-in'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(
        `[A11Y-2] [A11Y-6] no serious or critical axe violation on every other route (the other size takes the rest), ${size}, ${state}`,
        async () => {
          const ctx = await newContext(env.app.browser, {
            viewport,
            token: state === 'signed-in' ? env.token : undefined,
            reducedMotion: 'reduce',
          });
          const found: string[] = [];
          const routes = routesOf(size, state);
          const started = performance.now();
          let axeMs = 0;
          try {
            const page = await ctx.newPage();
            await gotoApp(page, env.app.server.url + routes[0]);
            for (const route of routes) {
              if (route !== routes[0]) await goInApp(page, route);
              await waitForContent(page).catch((e: Error) =>
                found.push(`${route}: content did not settle: ${e.message.split('\n')[0]}`),
              );
              const landed = new URL(page.url()).pathname;
              if (landed !== route) found.push(`${route}: landed on ${landed}`);
              const t = performance.now();
              for (const f of await axeFound(page)) found.push(`${route}: ${f}`);
              axeMs += performance.now() - t;
            }
            console.log(
              `[A11Y-2] ${size}, ${state}: ${routes.length} routes; ` +
                `${((performance.now() - started) / 1000).toFixed(1)} s, of which axe ${(axeMs / 1000).toFixed(1)} s`,
            );
          } finally {
            await ctx.close();
          }
          expect(found).toEqual([]);
        },
        WALK_TIMEOUT_MS,
      );
    }
  }
});

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
