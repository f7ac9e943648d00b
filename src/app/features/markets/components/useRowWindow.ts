/**
 * Windowing for long lists of equal-height rows in a scroll container (the desktop pair panel with a few
 * hundred pairs): which rows to render, [start, end), so the DOM (style, layout, paint, row subscriptions)
 * stays that of the rows on screen plus OVERSCAN each side. Lists of up to MIN_WINDOWED rows render whole.
 * The window changes only when scrolling crosses a row, not on every scroll event.
 */
import { useEffect, useState, type RefObject } from 'react';

export const MIN_WINDOWED = 60;
export const OVERSCAN = 8;

export interface RowWindow {
  start: number;
  end: number;
}

/** Pure: rows to render for a scroll position (rows of `rowH` px starting `offset` px into the scroller). */
export function rowWindow(count: number, scrollTop: number, viewH: number, rowH: number, offset = 0): RowWindow {
  if (count <= MIN_WINDOWED || rowH <= 0) return { start: 0, end: count };
  const top = Math.max(0, scrollTop - offset);
  const first = Math.floor(top / rowH);
  const last = Math.ceil((top + viewH) / rowH);
  return { start: Math.max(0, first - OVERSCAN), end: Math.min(count, last + OVERSCAN) };
}

/**
 * The window for `count` rows inside `scroller`; `rowH` is measured by the caller (the first row's height)
 * and `offset` is how far the first row starts inside the scroller (the table header).
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null> | undefined,
  count: number,
  rowH: number,
  offset: number,
): RowWindow {
  const [win, setWin] = useState<RowWindow>(() => rowWindow(count, 0, 1000, rowH, offset));
  useEffect(() => {
    const el = scroller?.current;
    if (!el) {
      setWin({ start: 0, end: count });
      return;
    }
    const update = () => {
      const next = rowWindow(count, el.scrollTop, el.clientHeight, rowH, offset);
      setWin((w) => (w.start === next.start && w.end === next.end ? w : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      ro?.disconnect();
    };
  }, [scroller, count, rowH, offset]);
  return win.end > count ? { start: Math.min(win.start, count), end: count } : win;
}
