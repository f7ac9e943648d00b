import { describe, expect, it } from 'vitest';
import { PINCH_MAX_STEP, pinchStep, type Point } from './pinch';
import { zoom, type SeriesSpan } from './viewport';

const pair = (a: Point, b: Point) => [a, b] as const;
/** 1,000 one-minute candles. */
const SPAN: SeriesSpan = { first: 0, last: 999 * 60, step: 60 };

describe('[PERF-16][CHART-2] the chart pinch arithmetic', () => {
  it('[PERF-16] fingers twice as far apart halve the visible time range around their midpoint', () => {
    const step = pinchStep(pair({ x: 100, y: 50 }, { x: 200, y: 50 }), pair({ x: 50, y: 50 }, { x: 250, y: 50 }))!;
    expect(step).toEqual({ factor: 0.5, centerX: 150 });
    const vp = { min: 500 * 60, max: 600 * 60 };
    const at = 550 * 60;
    const next = zoom(vp, step.factor, at, SPAN);
    expect(next.max - next.min).toBe(50 * 60);
    // The time under the fingers stays under them: it keeps its share of the range.
    expect((at - next.min) / (next.max - next.min)).toBeCloseTo((at - vp.min) / (vp.max - vp.min), 12);
  });

  it('[PERF-16] fingers closing widen the range; distance is measured in both axes', () => {
    const s = pinchStep(pair({ x: 0, y: 0 }, { x: 60, y: 80 }), pair({ x: 0, y: 0 }, { x: 30, y: 40 }))!;
    expect(s.factor).toBe(2);
    expect(s.centerX).toBe(15);
  });

  it('[PERF-16] one move is bounded, and touching fingers give no step', () => {
    const far = pinchStep(pair({ x: 0, y: 0 }, { x: 10, y: 0 }), pair({ x: 0, y: 0 }, { x: 1000, y: 0 }))!;
    expect(far.factor).toBe(1 / PINCH_MAX_STEP);
    const near = pinchStep(pair({ x: 0, y: 0 }, { x: 1000, y: 0 }), pair({ x: 0, y: 0 }, { x: 10, y: 0 }))!;
    expect(near.factor).toBe(PINCH_MAX_STEP);
    expect(pinchStep(pair({ x: 5, y: 5 }, { x: 5, y: 5 }), pair({ x: 0, y: 0 }, { x: 10, y: 0 }))).toBeNull();
    expect(pinchStep(pair({ x: 0, y: 0 }, { x: 10, y: 0 }), pair({ x: 3, y: 3 }, { x: 3, y: 3 }))).toBeNull();
  });
});
