import { describe, expect, it } from 'vitest';
import { phaseTable } from './phaseTable.mjs';

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
});
