/**
 * The drawing worker (PERF-31, PERF-36): one per tab, holding the tab's transferred canvases (OffscreenCanvas).
 * The tab sends it the structure (layouts, what each canvas shows, focus, visibility) and one end of a channel
 * to the market worker; the book and the tape arrive through that channel, so their ticks never pass through
 * the tab's main thread. The state lives in DrawHub (drawHub.ts).
 */
import { DrawHub } from './drawHub';
import { Painter } from './painter';
import type { Ctx2D } from './renderer';
import type { DrawMessage } from './scene';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<DrawMessage>) => void) | null;
  requestAnimationFrame?: (fn: () => void) => number;
  setTimeout(fn: () => void, ms: number): number;
};

const hub = new DrawHub({
  painter(kind, canvas) {
    const ctx = canvas.getContext('2d');
    return ctx ? new Painter(kind, ctx as unknown as Ctx2D) : null;
  },
  nextFrame: (fn) =>
    typeof scope.requestAnimationFrame === 'function' ? scope.requestAnimationFrame(fn) : scope.setTimeout(fn, 16),
});

scope.onmessage = (e) => hub.onMessage(e.data);
