/**
 * The chart's two-finger pinch as arithmetic (CHART-2, PERF-16): from the two touch points before and after a
 * move, the factor that scales the visible time range (fingers apart: below 1, fewer candles; together: above 1)
 * and the screen x it scales around (the fingers' midpoint). viewport.ts `zoom` applies it and clamps the range.
 */
export interface Point {
  x: number;
  y: number;
}

/** One move's factor is bounded, so a stray jump of one finger cannot swing the range by more than 2x. */
export const PINCH_MAX_STEP = 2;

export interface PinchStep {
  /** Multiplies the visible time range. */
  factor: number;
  /** Client x of the point that stays put. */
  centerX: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The zoom of one pinch move, or null when the fingers touch (no distance to compare). */
export function pinchStep(before: readonly [Point, Point], after: readonly [Point, Point]): PinchStep | null {
  const d0 = distance(before[0], before[1]);
  const d1 = distance(after[0], after[1]);
  if (!(d0 > 0) || !(d1 > 0)) return null;
  const factor = Math.min(PINCH_MAX_STEP, Math.max(1 / PINCH_MAX_STEP, d0 / d1));
  return { factor, centerX: (after[0].x + after[1].x) / 2 };
}
