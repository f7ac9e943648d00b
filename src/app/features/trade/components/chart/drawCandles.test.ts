import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { candleColumn, drawCandleAt, drawCandles, isThin } from './drawCandles';

/** Path2D and a context that record rects per fill colour. */
class FakePath {
  rects: number[][] = [];
  rect(x: number, y: number, w: number, h: number) {
    this.rects.push([x, y, w, h]);
  }
}
function fakeCtx() {
  const fills: { style: string; rects: number[][] }[] = [];
  const ctx = {
    fillStyle: '',
    save() {},
    restore() {},
    beginPath() {},
    rect() {},
    clip() {},
    fill(p: FakePath) {
      fills.push({ style: ctx.fillStyle, rects: p.rects });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, fills };
}

/** A uPlot stand-in: linear scales over a bbox of `width` canvas px. */
function fakePlot(n: number, width: number, xMin: number, xMax: number) {
  const t = Float64Array.from({ length: n }, (_, i) => i * 60);
  const o = Float64Array.from({ length: n }, (_, i) => 100 + (i % 7));
  const c = Float64Array.from({ length: n }, (_, i) => 100 + ((i * 3) % 7));
  const h = Float64Array.from({ length: n }, (_, i) => Math.max(o[i], c[i]) + 2);
  const l = Float64Array.from({ length: n }, (_, i) => Math.min(o[i], c[i]) - 2);
  const v = Float64Array.from({ length: n }, (_, i) => 1 + (i % 5));
  const { ctx, fills } = fakeCtx();
  const bbox = { left: 0, top: 0, width, height: 400 };
  const scales = { x: { min: xMin, max: xMax }, y: { min: 80, max: 120 }, vol: { min: 0, max: 25 } };
  const u = {
    data: [t, o, h, l, c, v],
    scales,
    bbox,
    ctx,
    valToPos(val: number, key: 'x' | 'y' | 'vol') {
      const s = scales[key];
      const f = (val - s.min) / (s.max - s.min);
      return key === 'x' ? bbox.left + f * bbox.width : bbox.top + (1 - f) * bbox.height;
    },
  };
  return { u: u as unknown as uPlot, fills };
}

const rectCount = (fills: { rects: number[][] }[]) => fills.reduce((a, f) => a + f.rects.length, 0);

beforeAll(() => {
  (globalThis as Record<string, unknown>).Path2D = FakePath;
  (globalThis as Record<string, unknown>).devicePixelRatio = 1;
});
afterAll(() => {
  delete (globalThis as Record<string, unknown>).Path2D;
  delete (globalThis as Record<string, unknown>).devicePixelRatio;
});

describe('candle drawing', () => {
  it('thin-candle rule: a body no wider than the wick draws as the wick alone', () => {
    expect(isThin(0.2, 1)).toBe(true);
    expect(isThin(2, 1)).toBe(true);
    expect(isThin(3, 1)).toBe(false);
    expect(isThin(4, 2)).toBe(true);
    expect(isThin(5, 2)).toBe(false);
  });

  it('6,000 thin candles cost at most one wick and one volume bar per pixel column, in four fills', () => {
    const { u, fills } = fakePlot(6000, 1376, -60, 6000 * 60);
    drawCandles(u, { up: 'u', down: 'd', upVol: 'uv', downVol: 'dv' }, 60, 6000);
    expect(fills).toHaveLength(4);
    expect(rectCount(fills)).toBeLessThanOrEqual(2 * 1377);
    const wicks = fills.filter((f) => f.style === 'u' || f.style === 'd').flatMap((f) => f.rects);
    expect(new Set(wicks.map((r) => r[0])).size).toBe(wicks.length);
    expect(wicks.every((r) => r[2] === 1)).toBe(true);
  });

  it('wide candles draw a body, a wick and a volume bar each, only inside the x window', () => {
    const { u, fills } = fakePlot(500, 1000, 60 * 400, 60 * 500);
    drawCandles(u, { up: 'u', down: 'd', upVol: 'uv', downVol: 'dv' }, 60, 500);
    expect(rectCount(fills)).toBe(3 * 101); // candles 399..499 (one past the left edge)
  });

  it('the base drawing leaves the live candle out; the overlay draws it with the same rects', () => {
    const colors = { up: 'u', down: 'd', upVol: 'uv', downVol: 'dv' };
    const all = fakePlot(500, 1000, 60 * 400, 60 * 500);
    drawCandles(all.u, colors, 60, 500);
    const base = fakePlot(500, 1000, 60 * 400, 60 * 500);
    drawCandles(base.u, colors, 60, 499);
    const live = fakeCtx();
    const col = candleColumn(base.u, 60, 499);
    drawCandleAt(base.u, live.ctx, colors, 60, 499);
    const key = (f: { style: string; rects: number[][] }[]) =>
      f.flatMap((x) => x.rects.map((r) => `${x.style}:${r.join(',')}`)).sort();
    expect(key([...base.fills, ...live.fills])).toEqual(key(all.fills));
    expect(rectCount(live.fills)).toBe(3);
    expect(col).not.toBeNull();
    for (const r of live.fills.flatMap((f) => f.rects)) {
      expect(r[0]).toBeGreaterThanOrEqual(col![0]);
      expect(r[0] + r[2]).toBeLessThanOrEqual(col![1]);
    }
  });

  it('a live candle outside the x window has no column (the overlay hides)', () => {
    const { u } = fakePlot(500, 1000, 0, 60 * 100);
    expect(candleColumn(u, 60, 499)).toBeNull();
    expect(candleColumn(u, 60, 100)).not.toBeNull();
  });
});
