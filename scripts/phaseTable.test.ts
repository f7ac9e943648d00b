import { describe, expect, it } from 'vitest';
import { childrenCpuMs, phaseTable } from './phaseTable.mjs';

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

  it('[PERF-53] the CPU of ended children is read from /proc/self/stat (cutime + cstime, 1/100 s), even with a ") " in the name', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = '4242 (node (x) y) S 1 2 3 4 5 6 7 8 9 10 11 12 3456 789 20 0 1';
    expect(childrenCpuMs(() => stat)).toBe((3456 + 789) * 10);
    expect(
      childrenCpuMs(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});
