import { describe, expect, it } from 'vitest';
import type { DrawLayout, DrawOp } from './drawList';
import { Renderer, type Ctx2D } from './renderer';
import { Painter, Painters } from './painter';
import type { DrawMessage } from './scene';

/** A 2D context that records what is drawn; digits 7 px wide except '1' (5 px) unless `uniform`. */
function fakeCtx(uniform = false) {
  const calls: string[] = [];
  const ctx: Ctx2D & { calls: string[] } = {
    calls,
    canvas: { width: 300, height: 150 },
    font: '',
    fillStyle: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    setTransform: (...a: number[]) => calls.push(`transform ${a.join(',')}`),
    clearRect: (...a: number[]) => calls.push(`clear ${a.join(',')}`),
    fillRect: (...a: number[]) => calls.push(`rect ${a.join(',')} ${String(ctx.fillStyle)}`),
    fillText: (s: string, x: number, y: number) =>
      calls.push(`text ${s} ${x},${y} ${ctx.textAlign} ${String(ctx.fillStyle)}`),
    measureText: (s: string) => ({
      width: [...s].reduce((w, ch) => w + (ch === '1' && !uniform ? 5 : ch === ',' ? 3 : 7), 0),
    }),
  };
  return ctx;
}

const layout: DrawLayout = {
  width: 100,
  height: 40,
  dpr: 3,
  rows: 2,
  rowHeight: 20,
  font: '400 12px sans-serif',
  colors: { up: 'UP', down: 'DOWN', upSoft: 'us', downSoft: 'ds', text: 'T', text2: 'T2', focus: 'F', hover: 'H' },
  rtl: false,
  sep: { group: ',', decimal: '.', minGroupDigits: 4 },
  gap: 8,
};

describe('renderer [PERF-31]', () => {
  it('[PERF-31] sizes the backing store by the device pixel ratio and draws in CSS pixels', () => {
    const ctx = fakeCtx();
    const r = new Renderer(ctx);
    r.resize(layout);
    expect(ctx.canvas).toEqual({ width: 300, height: 120 });
    r.draw([{ k: 'rect', x: 10, y: 0, w: 5, h: 20, color: 'ds' }], layout);
    expect(ctx.calls).toEqual(['transform 3,0,0,3,0,0', 'clear 0,0,100,40', 'rect 10,0,5,20 ds']);
    expect(ctx.font).toBe('400 12px sans-serif');
  });

  it('[PERF-31] tabular digits: a right-aligned run places every digit in the widest digit’s advance', () => {
    const ctx = fakeCtx();
    const r = new Renderer(ctx);
    const op: DrawOp = { k: 'text', x: 100, y: 10, text: '1,1', color: 'T', align: 'right', tabular: true };
    r.draw([op], layout);
    // '1' gets 7 px (the widest digit), ',' its own 3: the run spans 17 px ending at 100.
    expect(ctx.calls.slice(2)).toEqual(['text 1 83,10 left T', 'text , 90,10 left T', 'text 1 93,10 left T']);
  });

  it('[PERF-31] a font whose digits are already of one width draws each run whole, anchored by its side', () => {
    const ctx = fakeCtx(true);
    const r = new Renderer(ctx);
    r.draw([{ k: 'text', x: 100, y: 10, text: '64,123.40', color: 'UP', align: 'right', tabular: true }], layout);
    expect(ctx.calls.slice(2)).toEqual(['text 64,123.40 100,10 right UP']);
  });

  it('[PERF-31] [PERF-30] the painter draws the latest data at once, and again (same data) after a relayout', () => {
    const ctx = fakeCtx(true);
    const p = new Painter('book-bid', ctx);
    p.setData({ levels: [{ price: '64120.00', amount: '1.0000', total: '1.0000', fill: 0.5 }], focus: -1 });
    expect(p.draws).toBe(0); // no layout yet: nothing to draw on
    p.setLayout(layout);
    expect(p.draws).toBe(1);
    expect(ctx.calls.filter((c) => c.startsWith('text')).map((c) => c.split(' ')[1])).toEqual([
      '64,120.00',
      '1.0000',
      '1.0000',
    ]);
    ctx.calls.length = 0;
    p.setLayout({ ...layout, width: 200 });
    expect(ctx.calls.some((c) => c.startsWith('text 64,120.00'))).toBe(true);
    expect(ctx.calls).toContain('rect 100,0,100,20 us');
  });
});

describe('drawing worker batches [PERF-65]', () => {
  const lvl = { price: '64120.00', amount: '1.0000', total: '1.0000', fill: 0.5 };
  const open = (id: number, ctx: Ctx2D, kind: 'book-ask' | 'book-bid'): DrawMessage =>
    ({ t: 'open', id, kind, canvas: { getContext: () => ctx } }) as unknown as DrawMessage;

  it('[PERF-65] a batch sets every layout and data first, then draws each canvas it touched once', () => {
    const ps = new Painters();
    ps.take(open(1, fakeCtx(true), 'book-ask'));
    ps.take(open(2, fakeCtx(true), 'book-bid'));
    ps.take({
      t: 'batch',
      msgs: [
        { t: 'layout', id: 1, layout },
        { t: 'data', id: 1, data: { levels: [lvl], focus: -1 } },
        { t: 'layout', id: 2, layout },
        { t: 'data', id: 2, data: { levels: [lvl], focus: -1 } },
      ],
    });
    expect(ps.get(1)!.draws).toBe(1);
    expect(ps.get(2)!.draws).toBe(1);
    // A single message still draws at once.
    ps.take({ t: 'data', id: 2, data: { levels: [], focus: -1 } });
    expect(ps.get(2)!.draws).toBe(2);
  });

  it('[PERF-65] a canvas closed within a batch is not drawn, and messages for unknown canvases are ignored', () => {
    const ps = new Painters();
    const ctx = fakeCtx(true);
    ps.take(open(1, ctx, 'book-ask'));
    const p = ps.get(1)!;
    ps.take({
      t: 'batch',
      msgs: [
        { t: 'layout', id: 1, layout },
        { t: 'close', id: 1 },
        { t: 'data', id: 9, data: { levels: [], focus: -1 } },
      ],
    });
    expect(p.draws).toBe(0);
    expect(ps.get(1)).toBeUndefined();
  });
});
