/** axe-core in the browser tests of A11Y-1: one injection per document, violations only. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** What the A11Y-1 tests read of an axe-core violation. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

const AXE = join(process.cwd(), 'node_modules/axe-core/axe.min.js');
let axeSource: string | undefined;

/** axe-core's rules whose findings A11Y-1 and A11Y-2 report, by id, read from the axe in the page. */
type AxeRule = { id: string; impact?: string; enabled?: boolean; tags: string[] };

/**
 * Runs axe-core on the page as it is now and returns the violations of `extra` rules and of every rule whose
 * impact is serious or critical. The script is evaluated once per document through the test's own channel to the
 * page (as `page.evaluate` runs), which the page's Content-Security-Policy does not govern: the contexts need no
 * `bypassCSP`, so a walk that also listens for CSP errors can run it. Only violations are collected
 * (`resultTypes`).
 *
 * Only the rules that can report serious or critical are run: every rule of axe-core 4 carries its impact, and
 * axe gives each of its findings that impact (`_finalizeRuleResult`), so a moderate or minor rule can never
 * report a serious finding; leaving them out (the landmark, heading and region rules; `region` walks the whole
 * page) finds the same serious and critical violations in less time. The rules axe leaves off by default (AAA
 * contrast, target size) and its experimental ones stay off.
 */
async function axeRun(page: Page, extra: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(AXE, 'utf8');
    await page.evaluate(axeSource);
  }
  return (await page.evaluate(async (also) => {
    const axe = (
      window as unknown as {
        axe: {
          _audit: { rules: AxeRule[] };
          run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    const values = axe._audit.rules
      .filter(
        (r) =>
          also.includes(r.id) ||
          (r.enabled !== false &&
            !r.tags.includes('experimental') &&
            (r.impact === 'serious' || r.impact === 'critical')),
      )
      .map((r) => r.id);
    return (await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values } })).violations;
  }, extra)) as AxeViolation[];
}

/** axe-core's serious and critical violations on the page as it is now (A11Y-1, A11Y-21). */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  return (await axeRun(page, [])).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * A11Y-2: the serious and critical violations, and a `meta-viewport` violation (axe rates that one moderate: a
 * viewport that forbids zoom, A11Y-6).
 */
export async function axeSeriousAndViewport(page: Page): Promise<AxeViolation[]> {
  return (await axeRun(page, ['meta-viewport'])).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'meta-viewport',
  );
}
