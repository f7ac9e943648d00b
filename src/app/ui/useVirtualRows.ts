/**
 * A virtual list (PERF-40..PERF-43): the element holding the rows (a `tbody` or a `ul`) renders only the rows
 * that meet the view plus an overscan, with two spacers (VirtualSpacer.tsx) standing in for the rest. Each row
 * carries `data-vrow={index}`. The view is the nearest ancestor that scrolls (the desktop pair panel) or else the
 * window (the phone's page), found when the list mounts. Row height: fixed per list (`rowHeight`) or measured
 * from the rows rendered (the mean of every row seen so far, so the estimate settles). The window follows
 * scrolling (only when a row boundary is crossed does React render), resizes of the view and of the window.
 * Keyboard: arrows, Page Up/Down, Home and End move focus from row to row, scrolling rows in as needed. Only
 * vertical geometry is used, so a right-to-left page works the same. With `roving` (A11Y-9) the list is one Tab
 * stop: one control of the rows has tabindex 0 (the last one focused, else the row marked `aria-current` or the
 * first row's), the rest -1; Left and Right move between the controls of a row, in reading order.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {
  INITIAL_VIEW_PX,
  MIN_VIRTUAL,
  OVERSCAN,
  rowForKey,
  sameWindow,
  virtualWindow,
  type VirtualWindow,
} from './virtualWindow';

export interface VirtualRowsOptions {
  /** A fixed row height in px; without it, rows are measured. */
  rowHeight?: number;
  /** The first guess before any row is measured. */
  estimate?: number;
  overscan?: number;
  /** One Tab stop for the whole list, the arrow keys inside it (roving tabindex, A11Y-9). */
  roving?: boolean;
}

export interface VirtualRows<E extends HTMLElement> {
  ref: RefObject<E | null>;
  win: VirtualWindow;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  /** With `roving`: the list's focus handler (remembers the control focused as the list's one Tab stop). */
  onFocus: (e: FocusEvent<HTMLElement>) => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Roving tabindex (A11Y-9): tabindex 0 on the control at `at` (row index, control index) when that row is rendered,
 * else on the row marked aria-current, else on the first row's last control (the pair link); -1 on every other.
 */
function applyRoving(el: HTMLElement, at: { index: number; col: number } | undefined): void {
  const rows = [...el.querySelectorAll<HTMLElement>(':scope > [data-vrow]')];
  const controls = rows.map((r) => [...r.querySelectorAll<HTMLElement>(FOCUSABLE)]);
  let row = at ? rows.findIndex((r) => Number(r.dataset.vrow) === at.index) : -1;
  let col = at?.col ?? -1;
  if (row < 0) {
    row = Math.max(
      0,
      rows.findIndex((r) => r.querySelector('[aria-current]')),
    );
    col = -1;
  }
  const list = controls[row] ?? [];
  const stop = list[col] ?? list[list.length - 1];
  for (const c of controls.flat()) c.tabIndex = c === stop ? 0 : -1;
}

/** The nearest ancestor that really scrolls vertically, or undefined for the window. */
function scrollParent(el: HTMLElement): HTMLElement | undefined {
  for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
    const o = getComputedStyle(p).overflowY;
    if ((o === 'auto' || o === 'scroll') && p.scrollHeight > p.clientHeight + 1) return p;
  }
  return undefined;
}

/** The view's top (viewport px) and height. */
function viewOf(scroller: HTMLElement | undefined): { top: number; height: number } {
  if (!scroller) return { top: 0, height: window.innerHeight };
  return { top: scroller.getBoundingClientRect().top, height: scroller.clientHeight };
}

export function useVirtualRows<E extends HTMLElement>(count: number, opts: VirtualRowsOptions = {}): VirtualRows<E> {
  const { rowHeight, estimate = 40, overscan = OVERSCAN, roving = false } = opts;
  const rove = useRef<{ index: number; col: number } | undefined>(undefined);
  const ref = useRef<E>(null);
  const [measured, setMeasured] = useState(estimate);
  const rowH = rowHeight ?? measured;
  const [win, setWin] = useState(() => virtualWindow(count, 0, INITIAL_VIEW_PX, rowH, overscan));
  const scroller = useRef<HTMLElement | undefined>(undefined);
  const heights = useRef(new Map<number, number>());
  const pending = useRef<{ index: number; col: number } | undefined>(undefined);
  // PERF-101: a list short enough to render whole reads no geometry when it mounts or updates (no window to place,
  // no row height to learn); a page key measures the row it starts from.
  const whole = count <= MIN_VIRTUAL;

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const view = viewOf(scroller.current);
    const next = virtualWindow(count, view.top - el.getBoundingClientRect().top, view.height, rowH, overscan);
    setWin((w) => (sameWindow(w, next) ? w : next));
  }, [count, rowH, overscan]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (whole) {
      // Every row is rendered: nothing to follow on scroll or resize.
      const all = virtualWindow(count, 0, 0, rowH, overscan);
      setWin((w) => (sameWindow(w, all) ? w : all));
      return;
    }
    const sc = scrollParent(el);
    scroller.current = sc;
    update();
    const target: HTMLElement | Window = sc ?? window;
    target.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    if (sc) ro?.observe(sc);
    return () => {
      target.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      ro?.disconnect();
    };
  }, [update, whole, count, rowH, overscan]);

  // Measure the rows on screen (unless the list's rows have a fixed height) and focus a row a key moved to.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (rowHeight === undefined && !whole) {
      const seen = heights.current;
      for (const row of el.querySelectorAll<HTMLElement>(':scope > [data-vrow]')) {
        const h = row.getBoundingClientRect().height;
        if (h > 0) seen.set(Number(row.dataset.vrow), h);
      }
      if (seen.size > 0) {
        let sum = 0;
        for (const h of seen.values()) sum += h;
        const mean = sum / seen.size;
        if (Math.abs(mean - measured) > 0.5) setMeasured(mean);
      }
    }
    const p = pending.current;
    if (!p) return;
    const row = el.querySelector<HTMLElement>(`:scope > [data-vrow="${p.index}"]`);
    if (!row) return;
    pending.current = undefined;
    const f = row.querySelectorAll<HTMLElement>(FOCUSABLE);
    (f[p.col] ?? f[0] ?? row).focus();
  }, [win, rowHeight, measured, whole]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const el = ref.current;
      const target = e.target as HTMLElement;
      if (!el || e.altKey || e.ctrlKey || e.metaKey || target.closest('input, select, textarea')) return;
      const row = target.closest<HTMLElement>('[data-vrow]');
      if (!row || row.parentElement !== el) return;
      const index = Number(row.dataset.vrow);
      if (roving && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        const f = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const rtl = getComputedStyle(row).direction === 'rtl';
        const step = (e.key === 'ArrowRight') !== rtl ? 1 : -1;
        const next = f[f.indexOf(target) + step];
        if (next) {
          e.preventDefault();
          next.focus();
        }
        return;
      }
      const view = viewOf(whole ? scrollParent(el) : scroller.current);
      const pageRowH = whole && rowHeight === undefined ? row.getBoundingClientRect().height || rowH : rowH;
      const to = rowForKey(e.key, index, count, Math.floor(view.height / pageRowH) - 1);
      if (to === undefined || to === index) return;
      e.preventDefault();
      const col = Math.max(0, [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(target));
      pending.current = { index: to, col };
      const there = el.querySelector<HTMLElement>(`:scope > [data-vrow="${to}"]`);
      if (!there) {
        // Not rendered: scroll it to the middle of the view, then render the window around it.
        const delta = el.getBoundingClientRect().top + to * rowH - view.top - (view.height - rowH) / 2;
        if (scroller.current) scroller.current.scrollTop += delta;
        else window.scrollBy(0, delta);
        update();
        return;
      }
      pending.current = undefined;
      const f = there.querySelectorAll<HTMLElement>(FOCUSABLE);
      (f[col] ?? f[0] ?? there).focus();
    },
    [count, rowH, update, roving, whole, rowHeight],
  );

  const onFocus = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const el = ref.current;
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-vrow]');
      if (!roving || !el || !row || row.parentElement !== el) return;
      const col = [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(e.target as HTMLElement);
      if (col < 0) return;
      rove.current = { index: Number(row.dataset.vrow), col };
      applyRoving(el, rove.current);
    },
    [roving],
  );
  // Every render may bring new rows: they get tabindex -1, except the list's one stop.
  useLayoutEffect(() => {
    if (roving && ref.current) applyRoving(ref.current, rove.current);
  });

  const clipped = win.end > count ? virtualWindow(count, 0, INITIAL_VIEW_PX, rowH, overscan) : win;
  return { ref, win: clipped, onKeyDown, onFocus };
}
