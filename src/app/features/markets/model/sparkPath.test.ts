import { describe, expect, it } from 'vitest';
import { sparkPath } from './sparkPath';

describe('sparkline geometry', () => {
  it('uses only the last N points and spans the full width', () => {
    const close = new Float64Array([100, 1, 2, 3]);
    const d = sparkPath(close, 4, 20, 10, 3);
    expect(d).toBe('M0.0 8.0L10.0 5.0L20.0 2.0');
  });
  it('draws nothing with fewer than two points, and a flat line for equal closes', () => {
    expect(sparkPath(new Float64Array([5]), 1, 20, 10)).toBe('');
    expect(sparkPath(new Float64Array([5, 5]), 2, 20, 10)).toBe('M0.0 8.0L20.0 8.0');
  });
  it('ignores array slots past `length` (columnar views may be over-allocated)', () => {
    const close = new Float64Array([1, 2, 999]);
    expect(sparkPath(close, 2, 10, 10)).toBe('M0.0 8.0L10.0 2.0');
  });
});
