/** axe-core in the browser tests of A11Y-1: one injection per document, violations only. */
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

/**
 * axe-core's serious and critical violations on the page as it is now. The script is injected once per document
 * (the context needs `bypassCSP`); only violations are collected (`resultTypes`), which finds the same.
 */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
