/**
 * PERF-53: the table `npm test` prints at the end: one row per phase with its seconds, then the total. Where the
 * machine's busy CPU time is known (Linux, {@link machineBusyMs}), two more columns: the CPU seconds the machine
 * spent during the phase and how many cores that kept busy on average (2.00 on two cores: the phase was bound by
 * the CPU; less: it waited).
 * @param {Array<[string, number, number?]>} phases name, milliseconds and busy CPU milliseconds, in the order they ran
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
 * The machine's busy CPU time so far, in milliseconds, summed over its cores: the first line of `/proc/stat` (user,
 * nice, system, irq, softirq and steal, in clock ticks of 1/100 s on Linux); `undefined` where there is no such file.
 * The whole machine rather than this process's children: Chromium's renderers are not waited for by the processes
 * the tests start, so their time never reaches a parent's account (measured: the browser phase's children showed 0.7
 * of a core while the two cores were nearly saturated). On a machine that runs nothing else, this is the suite's cost;
 * on a shared one it says how busy the machine was.
 * @param {(path: string) => string} read reads a file (tests pass their own)
 * @returns {number | undefined}
 */
export function machineBusyMs(read) {
  const cpu = cpuTicks(read);
  if (!cpu) return undefined;
  // user nice system idle iowait irq softirq steal: everything but idle and iowait is busy.
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  const ticks = user + nice + system + irq + softirq + (steal || 0);
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}

/**
 * The machine's CPU time by kind so far, in clock ticks (`/proc/stat`'s first line: user, nice, system, idle,
 * iowait, irq, softirq, steal); `undefined` where there is no such file or line.
 * @param {(path: string) => string} read
 * @returns {number[] | undefined}
 */
function cpuTicks(read) {
  let stat;
  try {
    stat = read('/proc/stat');
  } catch {
    return undefined;
  }
  const cpu = stat.split('\n')[0].trim().split(/\s+/);
  if (cpu[0] !== 'cpu') return undefined;
  return cpu.slice(1, 9).map((v) => Number(v ?? 0));
}

/**
 * PERF-77: the part of the machine's busy CPU time (as {@link machineBusyMs}) spent by processes at a lowered
 * priority (`nice` above 0: the second column of `/proc/stat`'s first line), in milliseconds; `undefined` where
 * there is no such file. `npm test` runs the unit files at a lower priority beside the browser files: this is
 * how the two phases' CPU is told apart.
 * @param {(path: string) => string} read reads a file (tests pass their own)
 * @returns {number | undefined}
 */
export function machineNiceMs(read) {
  const nice = cpuTicks(read)?.[1];
  return nice !== undefined && Number.isFinite(nice) ? nice * 10 : undefined;
}
