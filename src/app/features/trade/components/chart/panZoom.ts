/**
 * Pan and zoom on uPlot's interaction layer: drag (mouse or one finger) pans, the wheel and a two-finger
 * pinch zoom around the pointer. Vertical one-finger swipes still scroll the page (touch-action: pan-y).
 * The window maths is in viewport.ts; this file only turns pointer events into calls.
 */
import type uPlot from 'uplot';
import { pan, zoom, type SeriesSpan, type Viewport } from './viewport';

interface Access {
  get(): { vp: Viewport | null; span: SeriesSpan | null };
  set(vp: Viewport): void;
}

/** Wheel delta (px) to zoom factor: one notch (~100 px) zooms by about 15 %. */
const WHEEL_SENSITIVITY = 0.0014;

export function attachPanZoom(u: uPlot, access: Access): () => void {
  const over = u.over;
  over.style.touchAction = 'pan-y';
  over.style.cursor = 'crosshair';
  const pts = new Map<number, { x: number; y: number }>();
  let pinch = 0;

  const valAt = (clientX: number) => u.posToVal(clientX - over.getBoundingClientRect().left, 'x');

  const onWheel = (e: WheelEvent) => {
    const { vp, span } = access.get();
    if (!vp || !span) return;
    e.preventDefault();
    const factor = Math.min(2, Math.max(0.5, Math.exp(e.deltaY * WHEEL_SENSITIVITY)));
    access.set(zoom(vp, factor, valAt(e.clientX), span));
  };
  const dist = () => {
    const [a, b] = [...pts.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const onDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    over.setPointerCapture?.(e.pointerId);
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 2) pinch = dist();
    if (e.pointerType === 'mouse') over.style.cursor = 'grabbing';
  };
  const onMove = (e: PointerEvent) => {
    const prev = pts.get(e.pointerId);
    if (!prev) return;
    const { vp, span } = access.get();
    if (!vp || !span) return;
    if (pts.size === 1) {
      const dx = e.clientX - prev.x;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const w = over.clientWidth || 1;
      if (dx !== 0) access.set(pan(vp, (-dx / w) * (vp.max - vp.min), span));
    } else if (pts.size === 2) {
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const d = dist();
      if (pinch > 0 && d > 0) {
        const [a, b] = [...pts.values()];
        access.set(zoom(vp, pinch / d, valAt((a.x + b.x) / 2), span));
      }
      pinch = d;
    }
  };
  const onUp = (e: PointerEvent) => {
    pts.delete(e.pointerId);
    pinch = pts.size === 2 ? dist() : 0;
    if (e.pointerType === 'mouse') over.style.cursor = 'crosshair';
  };
  over.addEventListener('wheel', onWheel, { passive: false });
  over.addEventListener('pointerdown', onDown);
  over.addEventListener('pointermove', onMove);
  over.addEventListener('pointerup', onUp);
  over.addEventListener('pointercancel', onUp);
  return () => {
    over.removeEventListener('wheel', onWheel);
    over.removeEventListener('pointerdown', onDown);
    over.removeEventListener('pointermove', onMove);
    over.removeEventListener('pointerup', onUp);
    over.removeEventListener('pointercancel', onUp);
  };
}
