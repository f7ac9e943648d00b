/**
 * The conformance report (CONF-6): one row per check, totals per area, the JSON shape (a zod schema, so a
 * consumer can validate what it reads), the plain table and the JUnit XML.
 */
import { z } from 'zod';

export const CHECK_STATUSES = ['pass', 'fail', 'notOffered', 'skipped'] as const;

/** What a check compares, in words: where, what the contract says, what the backend sent. */
export const Difference = z.object({
  /** A field path in the reply (`data.rows.0.price`), a header, `status`, `code` or a stream (`TRADE seq`). */
  where: z.string(),
  expected: z.string(),
  got: z.string(),
});
export type Difference = z.infer<typeof Difference>;

export const CheckResult = z.object({
  /** Stable name: `<area>.<call>.<kind>` for REST (`market.ticker.reply`), `socket.<stream>.<kind>` for the socket. */
  id: z.string(),
  area: z.string(),
  /** The registry key of the call (`ticker`), or the socket check's subject (`TRADE`, `heartbeat`). */
  subject: z.string(),
  kind: z.enum(['reply', 'badInput', 'deadToken', 'paging', 'limit', 'scenario', 'socket']),
  status: z.enum(CHECK_STATUSES),
  /** Why a check failed, was skipped or is not offered; for a pass, what was checked. */
  detail: z.string(),
  /** The first differences found (a failure has at least one). */
  differences: z.array(Difference),
  ms: z.number().nonnegative(),
});
export type CheckResult = z.infer<typeof CheckResult>;

const Totals = z.object({
  pass: z.number().int().nonnegative(),
  fail: z.number().int().nonnegative(),
  notOffered: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type Totals = z.infer<typeof Totals>;

export const ConformanceReport = z.object({
  tool: z.literal('openex-conformance'),
  /** This report's shape; a change that breaks readers bumps it. */
  reportVersion: z.literal(1),
  url: z.string(),
  mode: z.enum(['read', 'full']),
  /** Whether the suite signed in (private calls and streams are checked only then). */
  signedIn: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** True when no check failed: the process exits 0 exactly then. */
  ok: z.boolean(),
  totals: Totals,
  areas: z.array(Totals.extend({ area: z.string() })),
  checks: z.array(CheckResult),
});
export type ConformanceReport = z.infer<typeof ConformanceReport>;

export function totalsOf(checks: readonly CheckResult[]): Totals {
  const t: Totals = { pass: 0, fail: 0, notOffered: 0, skipped: 0 };
  for (const c of checks) t[c.status]++;
  return t;
}

export function buildReport(
  base: Pick<ConformanceReport, 'url' | 'mode' | 'signedIn' | 'startedAt' | 'finishedAt'>,
  checks: CheckResult[],
): ConformanceReport {
  const areas = [...new Set(checks.map((c) => c.area))].map((area) => ({
    area,
    ...totalsOf(checks.filter((c) => c.area === area)),
  }));
  const totals = totalsOf(checks);
  return { tool: 'openex-conformance', reportVersion: 1, ...base, ok: totals.fail === 0, totals, areas, checks };
}

const pad = (s: string | number, n: number, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n));

/** The table per area, then each failure with its first differences in words. */
export function renderText(r: ConformanceReport, maxDifferences = 3): string {
  const lines: string[] = [];
  lines.push(`Conformance of ${r.url} (mode ${r.mode}, ${r.signedIn ? 'signed in' : 'not signed in'})`);
  lines.push('');
  const w = Math.max(8, ...r.areas.map((a) => a.area.length));
  lines.push(`${pad('area', w)}  ${pad('pass', 5, true)}  ${pad('fail', 5, true)}  not offered  skipped`);
  for (const a of [...r.areas, { area: 'total', ...r.totals }]) {
    lines.push(
      `${pad(a.area, w)}  ${pad(a.pass, 5, true)}  ${pad(a.fail, 5, true)}  ${pad(a.notOffered, 11, true)}  ${pad(a.skipped, 7, true)}`,
    );
  }
  const failed = r.checks.filter((c) => c.status === 'fail');
  if (failed.length) {
    lines.push('', `${failed.length} failed:`);
    for (const c of failed) {
      lines.push(`- ${c.id}: ${c.detail}`);
      for (const d of c.differences.slice(0, maxDifferences))
        lines.push(`    ${d.where}: expected ${d.expected}, got ${d.got}`);
    }
  }
  const notOffered = r.checks.filter((c) => c.status === 'notOffered');
  if (notOffered.length) {
    lines.push('', 'Not offered here:');
    for (const c of notOffered) lines.push(`- ${c.id}: ${c.detail}`);
  }
  lines.push('', r.ok ? 'PASS: every check passed.' : `FAIL: ${r.totals.fail} check(s) failed.`);
  return lines.join('\n');
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** JUnit XML: one test suite per area, one test case per check (not offered and skipped are "skipped"). */
export function renderJUnit(r: ConformanceReport): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuites name="conformance ${xml(r.url)} (${r.mode})" tests="${r.checks.length}" failures="${r.totals.fail}" skipped="${r.totals.notOffered + r.totals.skipped}">`,
  );
  for (const a of r.areas) {
    const checks = r.checks.filter((c) => c.area === a.area);
    const secs = checks.reduce((s, c) => s + c.ms, 0) / 1000;
    out.push(
      `  <testsuite name="${xml(a.area)}" tests="${checks.length}" failures="${a.fail}" skipped="${a.notOffered + a.skipped}" time="${secs.toFixed(3)}">`,
    );
    for (const c of checks) {
      const open = `    <testcase classname="${xml(a.area)}" name="${xml(c.id)}" time="${(c.ms / 1000).toFixed(3)}"`;
      if (c.status === 'pass') out.push(`${open}/>`);
      else if (c.status === 'fail') {
        const body = c.differences.map((d) => `${d.where}: expected ${d.expected}, got ${d.got}`).join('\n');
        out.push(`${open}>`, `      <failure message="${xml(c.detail)}">${xml(body)}</failure>`, '    </testcase>');
      } else
        out.push(
          `${open}>`,
          `      <skipped message="${xml(`${c.status === 'notOffered' ? 'not offered' : 'skipped'}: ${c.detail}`)}"/>`,
          '    </testcase>',
        );
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
