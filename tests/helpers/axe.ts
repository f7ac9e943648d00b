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

/**
 * axe-core's serious and critical violations on the page as it is now. The script is evaluated once per document
 * through the test's own channel to the page (as `page.evaluate` runs), which the page's Content-Security-Policy
 * does not govern: the contexts need no `bypassCSP`, so a walk that also listens for CSP errors can run it. Only
 * violations are collected (`resultTypes`), which finds the same.
 */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(AXE, 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
