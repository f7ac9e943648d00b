import { describe, expect, it } from 'vitest';
import type { DepthView } from '../../../engine';
import {
  bookLevelAt,
  bookSideDrawList,
  columns,
  groupDecimal,
  tapeDrawList,
  tapeRows,
  type DrawLayout,
  type RectOp,
  type TextOp,
} from './drawList';

type Level = DepthView['asks'][number];
const lvl = (price: string, amount: string, total: string, fill: number): Level => ({ price, amount, total, fill });

const layout = (over: Partial<DrawLayout> = {}): DrawLayout => ({
  width: 300,
  height: 80,
  dpr: 2,
  rows: 4,
  rowHeight: 20,
  font: '400 12px sans-serif',
  colors: {
    up: 'UP',
    down: 'DOWN',
    upSoft: 'up-soft',
    downSoft: 'down-soft',
    text: 'T',
    text2: 'T2',
    focus: 'F',
    hover: 'H',
  },
  rtl: false,
  sep: { group: ',', decimal: '.', minGroupDigits: 4 },
  gap: 8,
  ...over,
});

const asks = [lvl('64123.40', '0.5000', '0.5000', 0.25), lvl('64123.50', '1.5000', '2.0000', 1)];
const texts = (ops: ReturnType<typeof bookSideDrawList>) => ops.filter((o): o is TextOp => o.k === 'text');
const rects = (ops: ReturnType<typeof bookSideDrawList>) => ops.filter((o): o is RectOp => o.k === 'rect');

describe('draw lists [PERF-30]', () => {
  it('[PERF-30] a book side draws the snapshot’s own strings, grouped, asks from the bottom up', () => {
    const ops = bookSideDrawList('ask', asks, layout());
    const t = texts(ops);
    expect(t.map((o) => o.text)).toEqual(['64,123.40', '0.5000', '0.5000', '64,123.50', '1.5000', '2.0000']);
    // The best ask sits in the last slot (nearest the middle), the next above it.
    expect(t[0].y).toBe(3 * 20 + 10);
    expect(t[3].y).toBe(2 * 20 + 10);
    // Price in the side's colour at the row's start; amount and total right-aligned at their column's end.
    expect(t[0]).toMatchObject({ color: 'DOWN', align: 'left', x: 0, tabular: true });
    const cols = columns(300, 8, [36, 32, 32], false);
    expect(t[1]).toMatchObject({ color: 'T', align: 'right', x: cols[1][1] });
    expect(t[2]).toMatchObject({ align: 'right', x: 300 });
    const bids = bookSideDrawList('bid', asks, layout());
    expect(texts(bids)[0]).toMatchObject({ y: 10, color: 'UP' });
  });

  it('[PERF-30] depth bars are proportional to each level’s share of the largest total, from the row’s end', () => {
    const r = rects(bookSideDrawList('ask', asks, layout()));
    expect(r).toEqual([
      { k: 'rect', x: 225, y: 60, w: 75, h: 20, color: 'down-soft' },
      { k: 'rect', x: 0, y: 40, w: 300, h: 20, color: 'down-soft' },
    ]);
  });

  it('[PERF-30] rtl mirrors the columns and the bars', () => {
    const ops = bookSideDrawList('bid', asks, layout({ rtl: true }));
    const r = rects(ops);
    expect(r[0]).toMatchObject({ x: 0, w: 75 });
    const t = texts(ops);
    // Price at the right edge (the row's start in Arabic), amount and total at their columns' left ends.
    expect(t[0]).toMatchObject({ align: 'right', x: 300 });
    expect(t[2]).toMatchObject({ align: 'left', x: 0 });
    const cols = columns(300, 8, [36, 32, 32], true);
    expect(t[1]).toMatchObject({ align: 'left', x: cols[1][0] });
  });

  it('[PERF-30] at most `rows` levels; an empty side draws nothing; a focused level gets a ring', () => {
    const many = Array.from({ length: 10 }, (_, i) => lvl(`${100 + i}.00`, '1.00', `${i + 1}.00`, (i + 1) / 10));
    expect(texts(bookSideDrawList('bid', many, layout())).length).toBe(12);
    expect(bookSideDrawList('bid', [], layout())).toEqual([]);
    const ring = rects(bookSideDrawList('bid', many, layout(), 1)).filter((o) => o.color === 'F');
    expect(ring).toHaveLength(4);
    expect(Math.min(...ring.map((o) => o.y))).toBe(20);
    // The level under the pointer: a band behind its row, drawn first (under the bar and the text).
    const hovered = bookSideDrawList('ask', many, layout(), -1, 0);
    expect(hovered[0]).toEqual({ k: 'rect', x: 0, y: 60, w: 300, h: 20, color: 'H' });
  });

  it('[PERF-30] the language’s separators, and no grouping below its threshold', () => {
    expect(groupDecimal('64123.40', { group: '.', decimal: ',', minGroupDigits: 4 })).toBe('64.123,40');
    expect(groupDecimal('1234.5', { group: '\u00a0', decimal: ',', minGroupDigits: 5 })).toBe('1234,5');
    expect(groupDecimal('-1234567', { group: ',', decimal: '.', minGroupDigits: 4 })).toBe('-1,234,567');
  });

  it('[PERF-32] hit-testing: a y on the canvas names the level drawn there', () => {
    expect(bookLevelAt('ask', 75, 4, 20, 2)).toBe(0);
    expect(bookLevelAt('ask', 45, 4, 20, 2)).toBe(1);
    expect(bookLevelAt('ask', 5, 4, 20, 2)).toBe(-1);
    expect(bookLevelAt('bid', 5, 4, 20, 2)).toBe(0);
    expect(bookLevelAt('bid', 81, 4, 20, 9)).toBe(-1);
  });

  it('[PERF-35][A11Y-13] the tape: newest at the top, price by side colour and arrow, time in the muted colour', () => {
    const rows = tapeRows(
      [
        { id: 2, price: '64123.40', qty: '0.0100', side: 'buy', ts: 2000 },
        { id: 1, price: '64120.00', qty: '1.0000', side: 'sell', ts: 1000 },
      ],
      30,
      (t) => `t${t.ts}`,
    );
    const t = texts(tapeDrawList(rows, layout()));
    expect(t.map((o) => [o.text, o.color, o.y])).toEqual([
      ['64,123.40 ↑', 'UP', 10],
      ['0.0100', 'T', 10],
      ['t2000', 'T2', 10],
      ['64,120.00 ↓', 'DOWN', 30],
      ['1.0000', 'T', 30],
      ['t1000', 'T2', 30],
    ]);
    expect(tapeRows([], 30, () => '')).toEqual([]);
  });
});
