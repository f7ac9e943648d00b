/**
 * The drawing worker (PERF-31): one per tab, holding the tab's transferred canvases (OffscreenCanvas) and
 * drawing each as its messages arrive. The tab forwards what the market worker sent it, at most once a frame
 * per canvas, so the pixels of the book and the tape cost the main thread one postMessage each.
 */
import { Painter } from './painter';
import type { DrawMessage } from './scene';
import type { Ctx2D } from './renderer';

const painters = new Map<number, Painter>();
const scope = self as unknown as { onmessage: ((e: MessageEvent<DrawMessage>) => void) | null };

scope.onmessage = (e) => {
  const m = e.data;
  if (m.t === 'open') {
    const ctx = m.canvas.getContext('2d');
    if (ctx) painters.set(m.id, new Painter(m.kind, ctx as unknown as Ctx2D));
  } else if (m.t === 'layout') painters.get(m.id)?.setLayout(m.layout);
  else if (m.t === 'data') painters.get(m.id)?.setData(m.data);
  else painters.delete(m.id);
};
