/**
 * The chart's visible time window (x scale, seconds) as pure functions: the first window, following the
 * live candle, zooming around a point and panning, each clamped so the view never leaves the data and
 * never shows fewer than MIN_CANDLES or more than all candles. Unit-tested.
 */
export const MIN_CANDLES = 12;
/** Room kept right of the live candle, in candles. */
export const RIGHT_MARGIN = 2;
/** Target width of one candle column when the chart opens, in CSS px. */
export const COLUMN_PX = 7;

export interface Viewport {
  min: number;
  max: number;
}

export interface SeriesSpan {
  first: number; // open time of the oldest candle, s
  last: number; // open time of the newest candle, s
  step: number; // interval length, s
}

export function initialViewport(s: SeriesSpan, widthPx: number): Viewport {
  const n = Math.max(MIN_CANDLES * 3, Math.min(160, Math.floor(widthPx / COLUMN_PX)));
  const max = s.last + s.step * RIGHT_MARGIN;
  return clamp({ min: max - n * s.step, max }, s);
}

/** True when the live candle is inside the window: new candles then scroll the view. */
export function isFollowing(v: Viewport, lastBefore: number, step: number): boolean {
  return v.max >= lastBefore + step * 0.5;
}

/** Keeps the span; moves the window so the newest candle stays in view with the right margin. */
export function follow(v: Viewport, s: SeriesSpan): Viewport {
  const span = v.max - v.min;
  const max = s.last + s.step * RIGHT_MARGIN;
  return clamp({ min: max - span, max }, s);
}

/** Zooms by `factor` (< 1 zooms in) around the time `at`. */
export function zoom(v: Viewport, factor: number, at: number, s: SeriesSpan): Viewport {
  const a = Math.min(Math.max(at, v.min), v.max);
  return clamp({ min: a - (a - v.min) * factor, max: a + (v.max - a) * factor }, s);
}

/** Moves the window by `dt` seconds (positive shows later candles). */
export function pan(v: Viewport, dt: number, s: SeriesSpan): Viewport {
  return clamp({ min: v.min + dt, max: v.max + dt }, s, true);
}

export function clamp(v: Viewport, s: SeriesSpan, keepSpan = false): Viewport {
  const lo = s.first - s.step;
  const hi = s.last + s.step * RIGHT_MARGIN * 4;
  const maxSpan = Math.max(hi - lo, MIN_CANDLES * s.step);
  let span = Math.min(Math.max(v.max - v.min, MIN_CANDLES * s.step), maxSpan);
  let min = keepSpan ? v.min : v.min - (span - (v.max - v.min)) / 2;
  let max = min + span;
  if (max > hi) {
    max = hi;
    min = max - span;
  }
  if (min < lo) {
    min = lo;
    max = Math.min(min + span, hi);
    span = max - min;
  }
  return { min, max };
}
