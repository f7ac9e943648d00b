/**
 * A11Y-1: axe-core finds no serious or critical accessibility violation on home, markets,
 * trade and the language list, on phone and desktop, in Arabic (rtl) here; English is checked on the route walk's
 * signed-in visits (tests/app-walk.test.ts), which see these screens anyway. On the same visits: each screen
 * has its own title (A11Y-17), the trade screen's names its pair and price (A11Y-18), and under reduced motion the
 * home notice strip stands still with a play button (A11Y-20).
 * Runs with reduced motion: a price flash lasts 0.6 s and axe would otherwise measure whatever frame of the
 * fade it happens to catch, so the result would depend on when the last tick arrived.
 */
import { describe, expect, it } from 'vitest';
import {
  appWithDemoUser,
  atSize,
  DESKTOP,
  gotoApp,
  keptPage,
  navigateInApp,
  newContext,
  PHONE,
  waitForContent,
} from './app-support';
import { axeSerious } from './helpers/axe';

const SCREENS = ['/', '/store', '/trade', '/langList', '/wallet'];

const env = appWithDemoUser();
/**
 * PERF-92: the two sizes' tests share one context (the demo user, Arabic, reduced motion) and its page: the second
 * loads the app at its size (`atSize`) in the warm context; each test's first screen is a load, as before.
 */
const kept = keptPage(() =>
  newContext(env.app.browser, { viewport: PHONE, token: env.token, language: 'ar', reducedMotion: 'reduce' }),
);

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  for (const language of ['ar']) {
    describe(`[A11Y-1] accessibility, ${label}, ${language}`, () => {
      it(`[A11Y-17][A11Y-18][A11Y-20] no serious or critical axe violation on ${SCREENS.join(', ')}; a title each`, async () => {
        const page = await atSize(await kept(), viewport);
        const found: string[] = [];
        const titles: string[] = [];
        // One page load; the other screens are reached through the app's own navigation.
        await gotoApp(page, env.app.server.url + SCREENS[0]);
        for (const path of SCREENS) {
          if (path !== SCREENS[0]) await navigateInApp(page, path);
          expect(new URL(page.url()).pathname).toBe(path);
          // live data arrived, lazily loaded parts (chart) rendered
          await waitForContent(page);
          if (path === '/trade') await page.waitForFunction(() => /\d · /.test(document.title));
          titles.push(await page.title());
          if (path === '/' && (await page.locator('.notice-strip__toggle').count()) > 0) {
            // Reduced motion: stopped from the start, the button offers to play.
            expect(await page.locator('.notice-strip__toggle').getAttribute('aria-label')).toMatch(
              language === 'en' ? /^Play/ : /تشغيل/,
            );
          }
          for (const v of await axeSerious(page)) {
            found.push(
              `${path} ${v.id} (${v.impact}): ${v.help} — ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
            );
          }
        }
        expect(found).toEqual([]);
        expect(
          titles.every((x) => x.endsWith(' · OpenEx')),
          titles.join(' | '),
        ).toBe(true);
        expect(new Set(titles).size, titles.join(' | ')).toBe(SCREENS.length);
        expect(titles[SCREENS.indexOf('/trade')]).toMatch(/^BTC\/USDT [\d\u0660-\u0669,.٬٫]+ · .+ · OpenEx$/);
      });
    });
  }
}
