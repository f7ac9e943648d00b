/**
 * A11Y-1: axe-core finds no serious or critical accessibility violation on home, markets,
 * trade and the language list, on phone and desktop, in English and Arabic (rtl).
 * Runs with reduced motion: a price flash lasts 0.6 s and axe would otherwise measure whatever frame of the
 * fade it happens to catch, so the result would depend on when the last tick arrived.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appWithDemoUser, DESKTOP, gotoApp, newContext, PHONE } from './app-support';

const AXE = join(process.cwd(), 'node_modules/axe-core/axe.min.js');
const SCREENS = ['/', '/store', '/trade', '/langList', '/wallet'];

const env = appWithDemoUser();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  for (const language of ['en', 'ar']) {
    describe(`[A11Y-1] accessibility, ${label}, ${language}`, () => {
      it(`no serious or critical axe violation on ${SCREENS.join(', ')}`, async () => {
        const ctx = await newContext(env.app.browser, {
          viewport,
          token: env.token,
          language,
          bypassCSP: true,
          reducedMotion: 'reduce',
        });
        const page = await ctx.newPage();
        const found: string[] = [];
        try {
          for (const path of SCREENS) {
            await gotoApp(page, env.app.server.url + path);
            expect(new URL(page.url()).pathname).toBe(path);
            await page.waitForTimeout(1500); // live data arrives, lazily loaded parts (chart) render
            await page.addScriptTag({ path: AXE });
            const violations = (await page.evaluate(async () => {
              const axe = (
                window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }
              ).axe;
              const r = await axe.run(document, { resultTypes: ['violations'] });
              return r.violations;
            })) as AxeViolation[];
            for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
              found.push(
                `${path} ${v.id} (${v.impact}): ${v.help} — ${v.nodes
                  .slice(0, 3)
                  .map((n) => n.target.join(' '))
                  .join(' | ')}`,
              );
            }
          }
        } finally {
          await ctx.close();
        }
        expect(found).toEqual([]);
      });
    });
  }
}
