/**
 * The chart's data alternative (A11Y-15): the last candle and the range of the candles in view, as the strings a
 * screen reader reads. Pure: the view's columns, the visible window (seconds) and the label decimals in, strings
 * out, formatted as the readout formats them (chartFormat.ts).
 */
import type { KlineView } from '../../../../../engine';
import { priceLabel } from './chartFormat';

export interface ChartSummary {
  /** The last candle's open time (s) and its prices. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** The candles in view: the first and last open time (s), the highest high and the lowest low. */
  from: number;
  to: number;
  rangeHigh: string;
  rangeLow: string;
}

export function chartSummary(
  view: Pick<KlineView, 'length' | 'time' | 'open' | 'high' | 'low' | 'close'>,
  visible: { min: number; max: number } | null,
  decimals: number,
): ChartSummary | undefined {
  const n = view.length;
  if (n === 0) return undefined;
  const last = n - 1;
  let first = -1;
  let end = -1;
  let hi = -Infinity;
  let lo = Infinity;
  for (let i = 0; i < n; i++) {
    const t = view.time[i];
    if (visible && (t < visible.min || t > visible.max)) continue;
    if (first < 0) first = i;
    end = i;
    hi = Math.max(hi, view.high[i]);
    lo = Math.min(lo, view.low[i]);
  }
  if (first < 0) {
    first = last;
    end = last;
    hi = view.high[last];
    lo = view.low[last];
  }
  const p = (v: number) => priceLabel(v, decimals);
  return {
    time: view.time[last],
    open: p(view.open[last]),
    high: p(view.high[last]),
    low: p(view.low[last]),
    close: p(view.close[last]),
    from: view.time[first],
    to: view.time[end],
    rangeHigh: p(hi),
    rangeLow: p(lo),
  };
}
