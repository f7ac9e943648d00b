/**
 * PERF-53: the table `npm test` prints at the end: one row per phase with its seconds, then the total. Where the
 * CPU time of a phase's processes is known (Linux, {@link childrenCpuMs}), two more columns: the CPU seconds and
 * how many cores that kept busy on average, the figure a loaded machine does not inflate the way it does the wall
 * clock.
 * @param {Array<[string, number, number?]>} phases name, milliseconds and CPU milliseconds, in the order they ran
 * @param {number} totalMs the whole run, from the start of `scripts/test.mjs`
 * @returns {string[]} the table's lines
 */
export function phaseTable(phases, totalMs) {
  const withCpu = phases.length > 0 && phases.every((p) => typeof p[2] === 'number');
  const rows = [...phases, ['total', totalMs]];
  const width = Math.max('phase'.length, ...rows.map(([name]) => name.length));
  const cpuCols = (cpuMs, ms) =>
    withCpu ? `  ${(cpuMs / 1000).toFixed(1).padStart(8)}  ${(ms > 0 ? cpuMs / ms : 0).toFixed(2).padStart(5)}` : '';
  const line = (name, value, extra = '') => `${name.padEnd(width)}  ${value.padStart(8)}${extra}`;
  const rule = '-'.repeat(width + 10 + (withCpu ? 17 : 0));
  const cpuTotal = phases.reduce((sum, p) => sum + (p[2] ?? 0), 0);
  return [
    line('phase', 'seconds', withCpu ? `  ${'CPU s'.padStart(8)}  ${'cores'.padStart(5)}` : ''),
    rule,
    ...phases.map(([name, ms, cpuMs]) => line(name, (ms / 1000).toFixed(1), cpuCols(cpuMs, ms))),
    rule,
    withCpu
      ? line('total', (totalMs / 1000).toFixed(1), cpuCols(cpuTotal, totalMs)) +
        `  (${(totalMs / 60_000).toFixed(1)} min)`
      : line('total', (totalMs / 1000).toFixed(1)) + `  (${(totalMs / 60_000).toFixed(1)} min)`,
  ];
}

/**
 * The CPU time (user and system) of this process's children that have ended and been waited for, and of theirs, in
 * milliseconds: read from `/proc/self/stat` (cutime and cstime, in clock ticks of 1/100 s on Linux); `undefined`
 * where there is no such file.
 * @param {(path: string) => string} read reads a file (tests pass their own)
 * @returns {number | undefined}
 */
export function childrenCpuMs(read) {
  let stat;
  try {
    stat = read('/proc/self/stat');
  } catch {
    return undefined;
  }
  // The command name (second field) may hold spaces and parentheses: the fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5) (cutime, cstime) are the 14th and 15th after the name.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}
