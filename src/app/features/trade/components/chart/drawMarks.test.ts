import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { chartMarks, setChartMarks, type ChartMark } from './chartMarks';
import { candleTimeOf, drawMarks } from './drawMarks';

beforeAll(() => {
  (globalThis as { devicePixelRatio?: number }).devicePixelRatio = 1;
});
afterAll(() => {
  delete (globalThis as { devicePixelRatio?: number }).devicePixelRatio;
});

/** A uPlot stand-in with linear scales (x: seconds 0..600 over 600 px, y: price 90..110 over 400 px). */
function fakePlot() {
  const arcs: { x: number; y: number; fill: string; stroke: string }[] = [];
  const lines: { from: number; to: number; y: number }[] = [];
  let last: 'arc' | 'line' = 'line';
  let from = 0;
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    save() {},
    restore() {},
    beginPath() {},
    rect() {},
    clip() {},
    setLineDash() {},
    moveTo(x: number) {
      from = x;
    },
    lineTo(x: number, y: number) {
      last = 'line';
      lines.push({ from, to: x, y });
    },
    stroke() {
      if (last === 'arc') arcs.at(-1)!.stroke = ctx.strokeStyle;
    },
    arc(x: number, y: number) {
      last = 'arc';
      arcs.push({ x, y, fill: '', stroke: '' });
    },
    fill() {
      arcs.at(-1)!.fill = ctx.fillStyle;
    },
  };
  const u = {
    ctx,
    bbox: { left: 0, top: 0, width: 600, height: 400 },
    valToPos: (v: number, scale: string) => (scale === 'x' ? v : 400 - ((v - 90) / 20) * 400),
  };
  return { u: u as unknown as uPlot, arcs, lines };
}
const colors = { up: 'green', down: 'red', neutral: 'blue', halo: 'white' };

describe('chart marks (SECUI-9)', () => {
  it('[SECUI-9] a trade is marked on the candle that holds it, at its price', () => {
    expect(candleTimeOf(125_400, 60)).toBe(120);
    expect(candleTimeOf(119_999, 60)).toBe(60);
    const { u, arcs, lines } = fakePlot();
    const marks: ChartMark[] = [
      { time: 125_400, price: '100', kind: 'entry', tone: 'up', toEnd: true },
      { time: 185_000, price: '105', kind: 'exit', tone: 'down' },
      { time: 125_000, price: '200', kind: 'entry', tone: 'up' }, // above the price scale: skipped
    ];
    drawMarks(u, marks, 60, colors);
    expect(arcs.map((a) => [a.x, a.y])).toEqual([
      [120, 200],
      [180, 100],
    ]);
    // Entry: a ring in the direction's colour; exit: a dot in the result's colour.
    expect(arcs[0]).toMatchObject({ fill: 'white', stroke: 'green' });
    expect(arcs[1]).toMatchObject({ fill: 'red', stroke: 'white' });
    // An open contract's entry price runs to the right edge.
    expect(lines).toEqual([{ from: 120, to: 600, y: 200.5 }]);
  });

  it('[SECUI-9] the marks store changes only when the marks do (the chart redraws once per change)', () => {
    const m: ChartMark[] = [{ time: 1, price: '1', kind: 'entry', tone: 'up' }];
    setChartMarks('btcusdt', m);
    const first = chartMarks.marks;
    setChartMarks('btcusdt', [{ ...m[0] }]);
    expect(chartMarks.marks).toBe(first);
    setChartMarks('ethusdt', m);
    expect(chartMarks.symbol).toBe('ethusdt');
    setChartMarks('', []);
    expect(chartMarks.marks).toEqual([]);
  });
});
