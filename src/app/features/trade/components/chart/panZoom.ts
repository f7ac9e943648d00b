/**
 * Pan and zoom on uPlot's interaction layer: drag (mouse or one finger) pans, the wheel and a two-finger
 * pinch zoom around the pointer. Vertical one-finger swipes still scroll the page (touch-action: pan-y).
 * The page itself is zoomable (PERF-15); on the chart a pinch is the chart's (PERF-16): pan-y leaves the browser
 * no pinch-zoom there, and a multi-touch start or Safari's gesture events on the chart are cancelled.
 * The window maths is in viewport.ts and pinch.ts; this file only turns pointer events into calls.
 */
import type uPlot from 'uplot';
import { pinchStep, type Point } from './pinch';
import { pan, zoom, type SeriesSpan, type Viewport } from './viewport';

interface Access {
  get(): { vp: Viewport | null; span: SeriesSpan | null };
  set(vp: Viewport): void;
}

/** Wheel delta (px) to zoom factor: one notch (~100 px) zooms by about 15 %. */
const WHEEL_SENSITIVITY = 0.0014;

/** Safari's pinch events (it zooms the page on them whatever touch-action says). */
const GESTURES = ['gesturestart', 'gesturechange'] as const;

export function attachPanZoom(u: uPlot, access: Access): () => void {
  const over = u.over;
  over.style.touchAction = 'pan-y';
  over.style.cursor = 'crosshair';
  const pts = new Map<number, Point>();

  const valAt = (clientX: number) => u.posToVal(clientX - over.getBoundingClientRect().left, 'x');

  const onWheel = (e: WheelEvent) => {
    const { vp, span } = access.get();
    if (!vp || !span) return;
    e.preventDefault();
    const factor = Math.min(2, Math.max(0.5, Math.exp(e.deltaY * WHEEL_SENSITIVITY)));
    access.set(zoom(vp, factor, valAt(e.clientX), span));
  };
  const twoFingers = (): readonly [Point, Point] => {
    const [a, b] = [...pts.values()];
    return [a, b];
  };
  const onDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    over.setPointerCapture?.(e.pointerId);
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
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
      const before = twoFingers();
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const step = pinchStep(before, twoFingers());
      if (step) access.set(zoom(vp, step.factor, valAt(step.centerX), span));
    }
  };
  const onUp = (e: PointerEvent) => {
    pts.delete(e.pointerId);
    if (e.pointerType === 'mouse') over.style.cursor = 'crosshair';
  };
  // The browser's own pinch stops at the chart's edge (PERF-16): elsewhere the page zooms as any page.
  const onTouchStart = (e: TouchEvent) => {
    if (e.touches.length > 1) e.preventDefault();
  };
  const onGesture = (e: Event) => e.preventDefault();
  over.addEventListener('touchstart', onTouchStart, { passive: false });
  for (const type of GESTURES) over.addEventListener(type, onGesture, { passive: false });
  over.addEventListener('wheel', onWheel, { passive: false });
  over.addEventListener('pointerdown', onDown);
  over.addEventListener('pointermove', onMove);
  over.addEventListener('pointerup', onUp);
  over.addEventListener('pointercancel', onUp);
  return () => {
    over.removeEventListener('touchstart', onTouchStart);
    for (const type of GESTURES) over.removeEventListener(type, onGesture);
    over.removeEventListener('wheel', onWheel);
    over.removeEventListener('pointerdown', onDown);
    over.removeEventListener('pointermove', onMove);
    over.removeEventListener('pointerup', onUp);
    over.removeEventListener('pointercancel', onUp);
  };
}
