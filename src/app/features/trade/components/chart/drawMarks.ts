/**
 * Entry and exit marks on the chart (SECUI-9), in canvas pixels on uPlot's canvas, drawn after the candles of a
 * full redraw: a dot on the candle that holds the trade, at the trade's price (entry: a ring; exit: a filled
 * dot), and for an open contract a dashed line at the entry price to the right edge. Marks outside the
 * visible window are skipped. Cost: a handful of arcs per full redraw.
 */
import type uPlot from 'uplot';
import type { ChartMark } from './chartMarks';

export interface MarkColors {
  up: string;
  down: string;
  neutral: string;
  halo: string;
}

/** The x (seconds) of the candle holding a trade at `timeMs`: the candle's open time. */
export function candleTimeOf(timeMs: number, stepSec: number): number {
  return Math.floor(timeMs / 1000 / stepSec) * stepSec;
}

export function drawMarks(u: uPlot, marks: readonly ChartMark[], stepSec: number, colors: MarkColors): void {
  if (marks.length === 0) return;
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const dpr = devicePixelRatio || 1;
  const r = 4 * dpr;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (const m of marks) {
    const price = Number(m.price); // a pixel position, not money: float precision is more than enough
    const x = u.valToPos(candleTimeOf(m.time, stepSec), 'x', true);
    const y = u.valToPos(price, 'y', true);
    if (!Number.isFinite(x) || !Number.isFinite(y) || y < top || y > top + height) continue;
    const color = colors[m.tone];
    if (m.toEnd && x <= left + width) {
      ctx.setLineDash([4 * dpr, 3 * dpr]);
      ctx.strokeStyle = color;
      ctx.lineWidth = dpr;
      ctx.beginPath();
      ctx.moveTo(Math.max(left, x), Math.round(y) + 0.5);
      ctx.lineTo(left + width, Math.round(y) + 0.5);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (x < left - r || x > left + width + r) continue;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = m.kind === 'exit' ? color : colors.halo;
    ctx.fill();
    ctx.lineWidth = 2 * dpr;
    ctx.strokeStyle = m.kind === 'exit' ? colors.halo : color;
    ctx.stroke();
  }
  ctx.restore();
}
