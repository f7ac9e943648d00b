/**
 * PERF-50: the short and the long form of a slow property or random-session test. `npm test` runs the short form
 * (the same seed, a tenth of the count); `npm run test:long` (TEST_LONG=1 in the environment) runs the long form,
 * the count the rule or the test's own claim names. The test's name prints the count that ran.
 */
export const LONG_FORM = process.env.TEST_LONG === '1';

/** The count to run: `long` under `npm run test:long`, a tenth of it (at least 1) in `npm test`. */
export function formCount(long: number): number {
  return LONG_FORM ? long : Math.max(1, Math.round(long / 10));
}

/** A count as a test name prints it: `100,000`. */
export const countText = (n: number): string => n.toLocaleString('en-US');
