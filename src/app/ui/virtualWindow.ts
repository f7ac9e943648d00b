/**
 * Which rows of a long list to render (PERF-40): the rows that meet the view plus OVERSCAN rows each side, and
 * the heights the rows left out would have taken (above and below), so the scroll height stays that of the
 * whole list. Pure: the hook (useVirtualRows.ts) measures, this decides. Lists of at most MIN_VIRTUAL rows
 * render whole (a short list costs less than the bookkeeping).
 */
export const MIN_VIRTUAL = 40;
export const OVERSCAN = 8;
/** The view height assumed before anything is measured (a first render, a render without a DOM). */
export const INITIAL_VIEW_PX = 900;

export interface VirtualWindow {
  start: number;
  /** Exclusive. */
  end: number;
  /** Pixels of the rows before `start` and after `end`. */
  before: number;
  after: number;
}

/**
 * `viewTop` is where the view starts in the list's own coordinates (negative while the list starts below the
 * top of the view), `viewH` the view's height, `rowH` the (measured or fixed) height of a row.
 */
export function virtualWindow(
  count: number,
  viewTop: number,
  viewH: number,
  rowH: number,
  overscan = OVERSCAN,
): VirtualWindow {
  if (count <= MIN_VIRTUAL || rowH <= 0) return { start: 0, end: count, before: 0, after: 0 };
  const top = Math.max(0, viewTop);
  const bottom = Math.max(0, viewTop + viewH);
  const first = Math.min(count, Math.floor(top / rowH));
  const last = Math.min(count, Math.ceil(bottom / rowH));
  const start = Math.max(0, first - overscan);
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end, before: start * rowH, after: (count - end) * rowH };
}

/** The same rows: a scroll that stays within one row changes nothing. */
export function sameWindow(a: VirtualWindow, b: VirtualWindow): boolean {
  return a.start === b.start && a.end === b.end && a.before === b.before && a.after === b.after;
}

/**
 * Keyboard movement between rows (PERF-43): the row index a key moves to from `index`, or undefined for a key
 * that does not move. `pageRows` is how many rows a page key moves (the rows that fit the view).
 */
export function rowForKey(key: string, index: number, count: number, pageRows: number): number | undefined {
  if (count === 0) return undefined;
  const page = Math.max(1, pageRows);
  const to =
    key === 'ArrowDown'
      ? index + 1
      : key === 'ArrowUp'
        ? index - 1
        : key === 'PageDown'
          ? index + page
          : key === 'PageUp'
            ? index - page
            : key === 'Home'
              ? 0
              : key === 'End'
                ? count - 1
                : undefined;
  return to === undefined ? undefined : Math.max(0, Math.min(count - 1, to));
}
