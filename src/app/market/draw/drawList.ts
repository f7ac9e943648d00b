/**
 * Draw lists (PERF-30): what a canvas shows, as a flat list of operations, built by pure functions from a view
 * the engine made (a book side, a trade list) and a layout (size, rows, colours, font, direction, digit
 * separators). No DOM and no canvas here: the same list is executed on the main thread or in the drawing
 * worker (renderer.ts), and tests read it. Coordinates are CSS pixels; the renderer scales by the device pixel
 * ratio. Every number drawn is a string the engine formatted, only given the language's digit grouping.
 */
import type { DepthView, TradeView } from '../../../engine';

type DepthRowView = DepthView['asks'][number];

/** A filled rectangle (a depth bar, a hover band). */
export interface RectOp {
  k: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
}

/** A run of text, its baseline in the middle of its row, anchored at x by its start or its end. */
export interface TextOp {
  k: 'text';
  x: number;
  y: number;
  text: string;
  color: string;
  /** 'right': x is the right edge of the run; 'left': its left edge. */
  align: 'left' | 'right';
  /** Digits in equal advances (tabular figures), so columns of numbers line up. */
  tabular: boolean;
}

export type DrawOp = RectOp | TextOp;

export interface Separators {
  group: string;
  decimal: string;
  /** Integer digits from which grouping applies (4, or 5 in languages that do not group 1234). */
  minGroupDigits: number;
}

export interface DrawColors {
  up: string;
  down: string;
  upSoft: string;
  downSoft: string;
  text: string;
  text2: string;
  /** The keyboard focus ring of a level (its hidden button has focus). */
  focus: string;
  /** The band behind the level under the pointer. */
  hover: string;
}

export interface DrawLayout {
  /** CSS pixels. */
  width: number;
  height: number;
  /** Device pixel ratio: the backing store is width x dpr by height x dpr. */
  dpr: number;
  rows: number;
  rowHeight: number;
  /** CSS font shorthand, e.g. "12px system-ui". */
  font: string;
  colors: DrawColors;
  rtl: boolean;
  sep: Separators;
  /** Gap between columns (CSS px). */
  gap: number;
}

/** A decimal string with the language's separators: ("64123.40", en) -> "64,123.40". */
export function groupDecimal(value: string, sep: Separators): string {
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return value;
  const [, sign, int, frac] = m;
  const grouped = int.length >= sep.minGroupDigits ? int.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group) : int;
  return `${sign}${grouped}${frac !== undefined ? sep.decimal + frac : ''}`;
}

/**
 * Three columns by their shares of the width (like the grid they replace), with `gap` between; returns each
 * column's left and right edge in visual order for ltr (price first) and mirrored for rtl.
 */
export function columns(width: number, gap: number, shares: readonly number[], rtl: boolean): [number, number][] {
  const sum = shares.reduce((a, b) => a + b, 0);
  const free = Math.max(0, width - gap * (shares.length - 1));
  const out: [number, number][] = [];
  let x = 0;
  for (const s of shares) {
    const w = (free * s) / sum;
    out.push(rtl ? [width - x - w, width - x] : [x, x + w]);
    x += w + gap;
  }
  return out;
}

/** The book's columns: price 36, amount 32, total 32 (BOOK-6). */
export const BOOK_SHARES = [36, 32, 32] as const;
/** The tape's columns: price 38, amount 34, time 28. */
export const TAPE_SHARES = [38, 34, 28] as const;

/** Where a cell's text goes: the first column at its start, the others at their end (mirrored in rtl). */
function cell(col: [number, number], first: boolean, rtl: boolean): { x: number; align: 'left' | 'right' } {
  const atStart = first;
  if (atStart !== rtl) return { x: col[0], align: 'left' };
  return { x: col[1], align: 'right' };
}

/**
 * One side of a book (PERF-30, BOOK-6): `rows` slots; asks fill from the bottom (the best nearest the middle),
 * bids from the top. Each level: a depth bar from the row's end (the right in ltr, the left in rtl) as long as
 * its share of the largest total (`fill`), then price (coloured by side), amount and total.
 */
export function bookSideDrawList(
  side: 'ask' | 'bid',
  levels: readonly DepthRowView[],
  l: DrawLayout,
  focus = -1,
  hover = -1,
): DrawOp[] {
  const ops: DrawOp[] = [];
  if (hover >= 0 && hover < Math.min(levels.length, l.rows))
    ops.push({
      k: 'rect',
      x: 0,
      y: bookSlot(side, hover, l.rows) * l.rowHeight,
      w: l.width,
      h: l.rowHeight,
      color: l.colors.hover,
    });
  const cols = columns(l.width, l.gap, BOOK_SHARES, l.rtl);
  const n = Math.min(levels.length, l.rows);
  const soft = side === 'ask' ? l.colors.downSoft : l.colors.upSoft;
  const strong = side === 'ask' ? l.colors.down : l.colors.up;
  for (let i = 0; i < n; i++) {
    const r = levels[i];
    const slot = bookSlot(side, i, l.rows);
    const y = slot * l.rowHeight;
    const w = Math.max(0, Math.min(1, r.fill)) * l.width;
    if (w > 0) ops.push({ k: 'rect', x: l.rtl ? 0 : l.width - w, y, w, h: l.rowHeight, color: soft });
  }
  for (let i = 0; i < n; i++) {
    const r = levels[i];
    const mid = bookSlot(side, i, l.rows) * l.rowHeight + l.rowHeight / 2;
    const texts = [r.price, r.amount, r.total];
    for (let c = 0; c < 3; c++) {
      const at = cell(cols[c], c === 0, l.rtl);
      ops.push({
        k: 'text',
        x: at.x,
        y: mid,
        text: groupDecimal(texts[c], l.sep),
        color: c === 0 ? strong : l.colors.text,
        align: at.align,
        tabular: true,
      });
    }
  }
  if (focus >= 0 && focus < n)
    ops.push(...ring(0, bookSlot(side, focus, l.rows) * l.rowHeight, l.width, l.rowHeight, l));
  return ops;
}

/** A 2 px outline inside a row (the focus ring a button would have, PERF-32). */
function ring(x: number, y: number, w: number, h: number, l: DrawLayout): RectOp[] {
  const c = l.colors.focus;
  const t = 2;
  return [
    { k: 'rect', x, y, w, h: t, color: c },
    { k: 'rect', x, y: y + h - t, w, h: t, color: c },
    { k: 'rect', x, y, w: t, h, color: c },
    { k: 'rect', x: x + w - t, y, w: t, h, color: c },
  ];
}

/** The slot (0 = top) where level `i` (0 = best) of a side is drawn. */
export function bookSlot(side: 'ask' | 'bid', i: number, rows: number): number {
  return side === 'ask' ? rows - 1 - i : i;
}

/** The level index (0 = best) drawn at CSS y, or -1 where no row is (hit-testing a click, PERF-32). */
export function bookLevelAt(side: 'ask' | 'bid', y: number, rows: number, rowHeight: number, count: number): number {
  const slot = Math.floor(y / rowHeight);
  if (slot < 0 || slot >= rows) return -1;
  const i = side === 'ask' ? rows - 1 - slot : slot;
  return i < count ? i : -1;
}

/** The tape's side arrows (A11Y-13). */
export const TAPE_UP = '↑';
export const TAPE_DOWN = '↓';

/** A trade as the tape draws it: its time already formatted by the tab (time zone, language). */
export interface TapeRow {
  price: string;
  qty: string;
  buy: boolean;
  time: string;
}

/**
 * The recent-trades tape (PERF-35): newest at the top; price by side colour, amount, time in the muted colour. The
 * side has a second cue besides colour (A11Y-13): an arrow after the price, up for a buy, down for a sell.
 */
export function tapeDrawList(trades: readonly TapeRow[], l: DrawLayout): DrawOp[] {
  const ops: DrawOp[] = [];
  const cols = columns(l.width, l.gap, TAPE_SHARES, l.rtl);
  const n = Math.min(trades.length, l.rows);
  for (let i = 0; i < n; i++) {
    const t = trades[i];
    const mid = i * l.rowHeight + l.rowHeight / 2;
    const texts = [
      `${groupDecimal(t.price, l.sep)} ${t.buy ? TAPE_UP : TAPE_DOWN}`,
      groupDecimal(t.qty, l.sep),
      t.time,
    ];
    const colors = [t.buy ? l.colors.up : l.colors.down, l.colors.text, l.colors.text2];
    for (let c = 0; c < 3; c++) {
      const at = cell(cols[c], c === 0, l.rtl);
      ops.push({ k: 'text', x: at.x, y: mid, text: texts[c], color: colors[c], align: at.align, tabular: true });
    }
  }
  return ops;
}

/** TradeView to TapeRow with a time formatter (the tab's language and time zone; it may memoise by trade). */
export function tapeRows(
  trades: readonly TradeView[],
  limit: number,
  time: (t: TradeView) => string,
  price: (t: TradeView) => string = (t) => t.price,
): TapeRow[] {
  const n = Math.min(trades.length, limit);
  const out: TapeRow[] = new Array<TapeRow>(n);
  for (let i = 0; i < n; i++) {
    const t = trades[i];
    out[i] = { price: price(t), qty: t.qty, buy: t.side === 'buy', time: time(t) };
  }
  return out;
}
