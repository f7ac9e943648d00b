import { describe, expect, it } from 'vitest';
import { machineBusyMs, machineNiceMs, phaseTable } from './phaseTable.mjs';

describe('[PERF-53] npm test ends with a table of its phases', () => {
  it('[PERF-53] one row per phase in seconds, in the order they ran, then the total in seconds and minutes', () => {
    const lines = phaseTable(
      [
        ['gates and build', 83_250],
        ['unit', 308_000],
        ['e2e', 1_416_040],
      ],
      1_807_400,
    );
    expect(lines).toEqual([
      'phase             seconds',
      '-------------------------',
      'gates and build      83.3',
      'unit                308.0',
      'e2e                1416.0',
      '-------------------------',
      'total              1807.4  (30.1 min)',
    ]);
  });

  it('[PERF-53] a run stopped before any phase still prints its total', () => {
    expect(phaseTable([], 1_500).at(-1)).toBe('total       1.5  (0.0 min)');
  });

  it('[PERF-53] with the CPU time of each phase: its CPU seconds and the cores it kept busy, totalled', () => {
    const lines = phaseTable(
      [
        ['gates', 80_000, 150_000],
        ['e2e', 1_000_000, 1_500_000],
      ],
      1_100_000,
    );
    expect(lines).toEqual([
      'phase   seconds     CPU s  cores',
      '--------------------------------',
      'gates      80.0     150.0   1.88',
      'e2e      1000.0    1500.0   1.50',
      '--------------------------------',
      'total    1100.0    1650.0   1.50  (18.3 min)',
    ]);
  });

  it('[PERF-53] the busy CPU of the machine is read from /proc/stat: everything but idle and iowait, in 1/100 s', () => {
    // cpu user nice system idle iowait irq softirq steal guest guest_nice
    const stat = 'cpu  1000 20 300 9000 50 4 6 7 0 0\ncpu0 500 10 150 4500 25 2 3 3 0 0\n';
    expect(machineBusyMs(() => stat)).toBe((1000 + 20 + 300 + 4 + 6 + 7) * 10);
    expect(machineBusyMs(() => 'intr 1 2 3')).toBeUndefined();
    expect(
      machineBusyMs(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });

  it('[PERF-77] the niced part of that CPU (the unit files beside the browser files) is its second column', () => {
    const stat = 'cpu  1000 20 300 9000 50 4 6 7 0 0\ncpu0 500 10 150 4500 25 2 3 3 0 0\n';
    expect(machineNiceMs(() => stat)).toBe(200);
    expect(machineNiceMs(() => 'intr 1 2 3')).toBeUndefined();
    expect(
      machineNiceMs(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});
