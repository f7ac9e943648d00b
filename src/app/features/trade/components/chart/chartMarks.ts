/**
 * Marks a trading panel asks the chart to draw (SECUI-9): the entry and exit trades of second contracts, by
 * time and price. A small store rather than a prop, so a panel marks the chart the shell renders without the
 * shell passing anything; the chart draws the marks of the symbol it shows and nothing else.
 */
import { proxy } from 'valtio';

export interface ChartMark {
  /** Trade time, server ms. */
  time: number;
  /** Exact price. */
  price: string;
  kind: 'entry' | 'exit';
  /** Colour: the direction of the contract (entry) or its result (exit). */
  tone: 'up' | 'down' | 'neutral';
  /** Draw the entry price as a dashed line to the right edge (an open contract's level to beat). */
  toEnd?: boolean;
}

export const chartMarks = proxy({ symbol: '', marks: [] as ChartMark[] });

let lastKey = '';

/** Replaces the marks (of `symbol`); an identical set changes nothing, so the chart does not redraw for it. */
export function setChartMarks(symbol: string, marks: readonly ChartMark[]): void {
  const key = `${symbol}|${marks.map((m) => `${m.kind}:${m.time}:${m.price}:${m.tone}:${m.toEnd ? 1 : 0}`).join(',')}`;
  if (key === lastKey) return;
  lastKey = key;
  chartMarks.symbol = symbol;
  chartMarks.marks = [...marks];
}
