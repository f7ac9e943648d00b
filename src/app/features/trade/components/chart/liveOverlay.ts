/**
 * The live candle's own canvas: one candle column wide, as tall as uPlot's canvas, on uPlot's device-pixel
 * grid (left = an integer canvas pixel / devicePixelRatio), under the cursor layer, without pointer events.
 * It draws the live candle with the base drawing's geometry, clipped to the plot area (u.bbox). The base
 * drawing leaves the live candle out, so between full redraws only this small canvas changes: a frame
 * clears and fills a few hundred pixels instead of repainting (and copying) a plot-sized bitmap.
 */
import type uPlot from 'uplot';
import { candleColumn, drawCandleAt, type CandleColors } from './drawCandles';

export interface LiveOverlay {
  /** Draws candle i (the live one); -1 or a candle outside the x window hides the overlay. */
  draw(i: number): void;
  destroy(): void;
}

export function createLiveOverlay(u: uPlot, colors: CandleColors, stepSec: () => number): LiveOverlay {
  const base = u.ctx.canvas;
  const cv = document.createElement('canvas');
  cv.className = 'kc-live';
  cv.setAttribute('aria-hidden', 'true');
  base.parentElement!.insertBefore(cv, u.over);
  const ctx = cv.getContext('2d')!;
  let left = NaN;
  let hidden = false;

  const hide = (h: boolean) => {
    if (h === hidden) return;
    hidden = h;
    cv.style.display = h ? 'none' : '';
  };

  return {
    draw(i) {
      const col = i >= 0 && i < u.data[0].length ? candleColumn(u, stepSec(), i) : null;
      if (!col) return hide(true);
      hide(false);
      const [l, r] = col;
      if (l !== left || cv.width !== r - l || cv.height !== base.height) {
        // Resizing clears the canvas.
        const dpr = devicePixelRatio || 1; // uPlot's pxRatio
        left = l;
        cv.width = r - l;
        cv.height = base.height;
        cv.style.left = `${l / dpr}px`;
        cv.style.width = `${(r - l) / dpr}px`;
      } else {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, cv.width, cv.height);
      }
      ctx.setTransform(1, 0, 0, 1, -l, 0);
      drawCandleAt(u, ctx, colors, stepSec(), i);
    },
    destroy() {
      cv.remove();
    },
  };
}
