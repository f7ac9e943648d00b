/**
 * A canvas element's surface for a component (PERF-31): created when the canvas mounts, laid out from the
 * canvas's box, its computed colours and font and the page's direction, and laid out again only on structural
 * changes (a resize, the device pixel ratio, rows, language). Ticks go to `surface.current.setData` without
 * React.
 */
import { useEffect, useRef } from 'react';
import { separatorsFor } from '../../i18n/format';
import type { DrawLayout } from './drawList';
import type { SceneKind } from './scene';
import { createSurface, type Surface } from './surface';

export interface SurfaceShape {
  rows: number;
  rowHeight: number;
  lang: string;
  /** Gap between columns in CSS px (default: the token --space-2, the book's column gap). */
  gap?: number;
}

/** CSS px in one rem: the root font size, 16 unless the reader's text size says otherwise (A11Y-7). */
export function remPx(): number {
  if (typeof document === 'undefined') return 16;
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/** A length token ("0.5rem" or "8px") in CSS px. */
function lengthPx(v: string): number {
  const n = parseFloat(v);
  return v.endsWith('rem') ? n * remPx() : n;
}

function layoutOf(canvas: HTMLCanvasElement, shape: SurfaceShape): DrawLayout {
  const cs = getComputedStyle(canvas);
  const v = (name: string) => cs.getPropertyValue(name).trim();
  return {
    width: canvas.clientWidth,
    height: shape.rows * shape.rowHeight,
    dpr: window.devicePixelRatio || 1,
    rows: shape.rows,
    rowHeight: shape.rowHeight,
    font: `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`,
    colors: {
      up: v('--color-up'),
      down: v('--color-down'),
      upSoft: v('--color-up-soft'),
      downSoft: v('--color-down-soft'),
      text: v('--color-text'),
      text2: v('--color-text-2'),
      focus: v('--color-focus'),
      hover: v('--color-surface-2'),
    },
    rtl: cs.direction === 'rtl',
    sep: separatorsFor(shape.lang),
    gap: shape.gap ?? (lengthPx(v('--space-2')) || 8),
  };
}

export function useSurface(kind: SceneKind, shape: SurfaceShape) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const surface = useRef<Surface | null>(null);
  const { rows, rowHeight, lang, gap } = shape;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const s = createSurface(canvas, kind);
    surface.current = s;
    if (!s) return;
    let last = '';
    const relayout = () => {
      const l = layoutOf(canvas, { rows, rowHeight, lang, gap });
      const key = JSON.stringify(l);
      if (key === last || l.width <= 0) return;
      last = key;
      s.setLayout(l);
    };
    relayout();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(relayout) : null;
    ro?.observe(canvas);
    // A zoom or a move to another screen changes the device pixel ratio without a resize of the box.
    const dpr = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    dpr.addEventListener('change', relayout);
    return () => {
      ro?.disconnect();
      dpr.removeEventListener('change', relayout);
      s.dispose();
      surface.current = null;
    };
  }, [kind, rows, rowHeight, lang, gap]);

  return { canvasRef, surface };
}
