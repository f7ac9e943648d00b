/**
 * Candles and volume bars in canvas pixels, batched into four paths (up/down × candles/volume) so a frame
 * is four fills whatever the candle count. Data layout: [time, open, high, low, close, volume].
 *
 * - drawCandles: the base drawing (uPlot draw hook), candles [0, end) inside the x window.
 * - drawCandleAt: one candle (the live one, on the overlay canvas) with exactly the same geometry.
 * Thin candles (a body no wider than the wick, i.e. zoomed far out) collapse into one wick per pixel
 * column: the candles sharing a column merge (high max, low min, first open, last close, volume max),
 * so 6,000 candles cost at most one rect per pixel column per path.
 */
import type uPlot from 'uplot';

export interface CandleColors {
  up: string;
  down: string;
  upVol: string;
  downVol: string;
}

export interface CandleGeometry {
  /** Body width, wick width and the volume baseline, in canvas pixels. */
  bodyW: number;
  wickW: number;
  vol0: number;
  thin: boolean;
}

/** The thin-candle rule: a body no wider than its wick draws as the wick alone, merged per pixel column. */
export function isThin(columnPx: number, wickW: number): boolean {
  return Math.max(1, Math.floor(columnPx * 0.72)) <= wickW;
}

export function candleGeometry(u: uPlot, stepSec: number): CandleGeometry {
  const xMin = u.scales.x.min ?? 0;
  const colPx = Math.abs(u.valToPos(xMin + stepSec, 'x', true) - u.valToPos(xMin, 'x', true));
  const wickW = Math.max(1, Math.round(devicePixelRatio || 1));
  return {
    bodyW: Math.max(1, Math.floor(colPx * 0.72)),
    wickW,
    vol0: u.valToPos(0, 'vol', true),
    thin: isThin(colPx, wickW),
  };
}

interface Paths {
  upBody: Path2D;
  downBody: Path2D;
  upVol: Path2D;
  downVol: Path2D;
}

const newPaths = (): Paths => ({
  upBody: new Path2D(),
  downBody: new Path2D(),
  upVol: new Path2D(),
  downVol: new Path2D(),
});

/** Adds one candle (or one merged pixel column) at canvas x. */
function addCandle(
  u: uPlot,
  g: CandleGeometry,
  p: Paths,
  x: number,
  o: number,
  h: number,
  l: number,
  c: number,
  v: number,
): void {
  const up = c >= o;
  const yH = u.valToPos(h, 'y', true);
  const yL = u.valToPos(l, 'y', true);
  const body = up ? p.upBody : p.downBody;
  const left = Math.round(x - g.bodyW / 2);
  if (!g.thin) {
    const yO = u.valToPos(o, 'y', true);
    const yC = u.valToPos(c, 'y', true);
    body.rect(left, Math.round(Math.min(yO, yC)), g.bodyW, Math.max(1, Math.round(Math.abs(yC - yO))));
  }
  body.rect(Math.round(x - g.wickW / 2), Math.round(yH), g.wickW, Math.max(1, Math.round(yL - yH)));
  const yV = u.valToPos(v, 'vol', true);
  (up ? p.upVol : p.downVol).rect(left, Math.round(yV), g.bodyW, Math.max(0, Math.round(g.vol0 - yV)));
}

function fillPaths(u: uPlot, ctx: CanvasRenderingContext2D, colors: CandleColors, p: Paths): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  ctx.fillStyle = colors.upVol;
  ctx.fill(p.upVol);
  ctx.fillStyle = colors.downVol;
  ctx.fill(p.downVol);
  ctx.fillStyle = colors.up;
  ctx.fill(p.upBody);
  ctx.fillStyle = colors.down;
  ctx.fill(p.downBody);
  ctx.restore();
}

/** First index with t[i] >= x (t ascending). */
function lowerBound(t: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Base drawing: candles [0, end) inside the x window, on uPlot's canvas. */
export function drawCandles(u: uPlot, colors: CandleColors, stepSec: number, end: number): void {
  const d = u.data;
  const t = d[0] as ArrayLike<number>;
  const o = d[1] as ArrayLike<number>;
  const h = d[2] as ArrayLike<number>;
  const l = d[3] as ArrayLike<number>;
  const c = d[4] as ArrayLike<number>;
  const v = d[5] as ArrayLike<number>;
  const n = Math.min(end, t.length);
  if (n <= 0) return;
  const xMin = u.scales.x.min ?? t[0];
  const xMax = u.scales.x.max ?? t[n - 1];
  const g = candleGeometry(u, stepSec);
  const p = newPaths();
  const from = lowerBound(t, n, xMin - stepSec);
  const to = lowerBound(t, n, xMax + stepSec + 1e-9);
  if (!g.thin) {
    for (let i = from; i < to; i++)
      addCandle(u, g, p, Math.round(u.valToPos(t[i], 'x', true)), o[i], h[i], l[i], c[i], v[i]);
  } else {
    // One merged candle per pixel column.
    let cx = NaN;
    let mo = 0;
    let mh = 0;
    let ml = 0;
    let mc = 0;
    let mv = 0;
    for (let i = from; i < to; i++) {
      const x = Math.round(u.valToPos(t[i], 'x', true));
      if (x !== cx) {
        if (cx === cx) addCandle(u, g, p, cx, mo, mh, ml, mc, mv);
        cx = x;
        mo = o[i];
        mh = h[i];
        ml = l[i];
        mv = v[i];
      } else {
        if (h[i] > mh) mh = h[i];
        if (l[i] < ml) ml = l[i];
        if (v[i] > mv) mv = v[i];
      }
      mc = c[i];
    }
    if (cx === cx) addCandle(u, g, p, cx, mo, mh, ml, mc, mv);
  }
  fillPaths(u, u.ctx, colors, p);
}

/**
 * The canvas-pixel columns [left, right) candle i may touch with the geometry the base drawing uses,
 * or null when it is outside the x window.
 */
export function candleColumn(u: uPlot, stepSec: number, i: number): [number, number] | null {
  const t = (u.data[0] as ArrayLike<number>)[i];
  const xMin = u.scales.x.min ?? t;
  const xMax = u.scales.x.max ?? t;
  if (!(t >= xMin - stepSec && t <= xMax + stepSec)) return null;
  const g = candleGeometry(u, stepSec);
  const x = Math.round(u.valToPos(t, 'x', true));
  const half = Math.ceil(Math.max(g.bodyW, g.wickW) / 2) + 1;
  return [x - half, x + half];
}

/**
 * One candle i (the live one) on `ctx`, in uPlot's canvas pixels (the caller translates when its canvas
 * covers only part of uPlot's), clipped to the plot area, with the geometry the base drawing uses.
 */
export function drawCandleAt(
  u: uPlot,
  ctx: CanvasRenderingContext2D,
  colors: CandleColors,
  stepSec: number,
  i: number,
): void {
  const d = u.data;
  const at = (k: number) => (d[k] as ArrayLike<number>)[i];
  const g = candleGeometry(u, stepSec);
  const p = newPaths();
  addCandle(u, g, p, Math.round(u.valToPos(at(0), 'x', true)), at(1), at(2), at(3), at(4), at(5));
  fillPaths(u, ctx, colors, p);
}
