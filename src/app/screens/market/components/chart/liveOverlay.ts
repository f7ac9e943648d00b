/**
 * The live candle's own canvas. It has the size and device-pixel grid of uPlot's canvas and lies exactly
 * over it (under the cursor layer, no pointer events); drawing is clipped to the plot area (u.bbox), with
 * the geometry the base drawing uses (drawCandleAt). The base drawing leaves the live candle out, so
 * between full redraws only this canvas changes: clear the column drawn last, draw the candle again.
 */
import type uPlot from 'uplot';
import { drawCandleAt, type CandleColors } from './drawCandles';

export interface LiveOverlay {
  /** Draws candle i (the live one); after a full redraw pass `all` to clear the whole canvas. */
  draw(i: number, all: boolean): void;
  destroy(): void;
}

export function createLiveOverlay(u: uPlot, colors: CandleColors, stepSec: () => number): LiveOverlay {
  const base = u.ctx.canvas;
  const cv = document.createElement('canvas');
  cv.className = 'kc-live';
  cv.setAttribute('aria-hidden', 'true');
  base.parentElement!.insertBefore(cv, u.over);
  const ctx = cv.getContext('2d')!;
  let dirty: [number, number] | null = null;

  const sync = (): boolean => {
    if (cv.width === base.width && cv.height === base.height) return false;
    cv.width = base.width;
    cv.height = base.height;
    return true;
  };

  return {
    draw(i, all) {
      const resized = sync();
      if (all || resized || !dirty) ctx.clearRect(0, 0, cv.width, cv.height);
      else ctx.clearRect(dirty[0], u.bbox.top, dirty[1] - dirty[0], u.bbox.height);
      dirty = i >= 0 && i < u.data[0].length ? drawCandleAt(u, ctx, colors, stepSec(), i) : null;
    },
    destroy() {
      cv.remove();
    },
  };
}
