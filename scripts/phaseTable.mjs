/**
 * PERF-53: the table `npm test` prints at the end: one row per phase with its seconds, then the total.
 * @param {Array<[string, number]>} phases name and milliseconds, in the order they ran
 * @param {number} totalMs the whole run, from the start of `scripts/test.mjs`
 * @returns {string[]} the table's lines
 */
export function phaseTable(phases, totalMs) {
  const rows = [...phases, ['total', totalMs]];
  const width = Math.max('phase'.length, ...rows.map(([name]) => name.length));
  const line = (name, value) => `${name.padEnd(width)}  ${value.padStart(8)}`;
  return [
    line('phase', 'seconds'),
    '-'.repeat(width + 10),
    ...phases.map(([name, ms]) => line(name, (ms / 1000).toFixed(1))),
    '-'.repeat(width + 10),
    line('total', (totalMs / 1000).toFixed(1)) + `  (${(totalMs / 60_000).toFixed(1)} min)`,
  ];
}
