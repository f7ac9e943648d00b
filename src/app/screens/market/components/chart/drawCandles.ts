/**
 * uPlot draw hook: volume bars (bottom band, scale "vol") and candles (scale "y") for the visible range,
 * batched into four paths (up/down × bodies+wicks/volume) so a frame is a handful of fills.
 * Data layout: [time, open, high, low, close, volume].
 */
import type uPlot from 'uplot';

export interface CandleColors {
  up: string;
  down: string;
  upVol: string;
  downVol: string;
}

export function drawCandles(u: uPlot, colors: CandleColors, stepSec: number): void {
  const d = u.data;
  const t = d[0] as ArrayLike<number>;
  const o = d[1] as ArrayLike<number>;
  const h = d[2] as ArrayLike<number>;
  const l = d[3] as ArrayLike<number>;
  const c = d[4] as ArrayLike<number>;
  const v = d[5] as ArrayLike<number>;
  const n = t.length;
  if (n === 0) return;
  const xMin = u.scales.x.min ?? t[0];
  const xMax = u.scales.x.max ?? t[n - 1];
  const colPx = Math.abs(u.valToPos(xMin + stepSec, 'x', true) - u.valToPos(xMin, 'x', true));
  const bodyW = Math.max(1, Math.floor(colPx * 0.72));
  const wickW = Math.max(1, Math.round(devicePixelRatio || 1));
  const half = bodyW / 2;
  const vol0 = u.valToPos(0, 'vol', true);

  const upBody = new Path2D();
  const downBody = new Path2D();
  const upVol = new Path2D();
  const downVol = new Path2D();
  for (let i = 0; i < n; i++) {
    const ti = t[i];
    if (ti < xMin - stepSec || ti > xMax + stepSec) continue;
    const x = Math.round(u.valToPos(ti, 'x', true));
    const up = c[i] >= o[i];
    const yO = u.valToPos(o[i], 'y', true);
    const yC = u.valToPos(c[i], 'y', true);
    const yH = u.valToPos(h[i], 'y', true);
    const yL = u.valToPos(l[i], 'y', true);
    const top = Math.round(Math.min(yO, yC));
    const bodyH = Math.max(1, Math.round(Math.abs(yC - yO)));
    const body = up ? upBody : downBody;
    body.rect(Math.round(x - half), top, bodyW, bodyH);
    body.rect(Math.round(x - wickW / 2), Math.round(yH), wickW, Math.max(1, Math.round(yL - yH)));
    const yV = u.valToPos(v[i], 'vol', true);
    (up ? upVol : downVol).rect(Math.round(x - half), Math.round(yV), bodyW, Math.max(0, Math.round(vol0 - yV)));
  }
  const ctx = u.ctx;
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  ctx.fillStyle = colors.upVol;
  ctx.fill(upVol);
  ctx.fillStyle = colors.downVol;
  ctx.fill(downVol);
  ctx.fillStyle = colors.up;
  ctx.fill(upBody);
  ctx.fillStyle = colors.down;
  ctx.fill(downBody);
  ctx.restore();
}
