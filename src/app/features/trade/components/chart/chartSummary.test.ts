import { describe, expect, it } from 'vitest';
import { chartSummary } from './chartSummary';

const view = {
  length: 4,
  time: new Float64Array([60, 120, 180, 240]),
  open: new Float64Array([10, 11, 12, 13]),
  high: new Float64Array([15, 11.5, 19, 13.5]),
  low: new Float64Array([9, 10.5, 11, 12.25]),
  close: new Float64Array([11, 12, 13, 13.125]),
};

describe('[A11Y-15] the chart as text', () => {
  it('[A11Y-15] names the last candle and the range of the candles in view, at the label decimals', () => {
    const s = chartSummary(view, { min: 100, max: 300 }, 2)!;
    expect(s).toMatchObject({ time: 240, open: '13.00', high: '13.50', low: '12.25', close: '13.13' });
    expect(s).toMatchObject({ from: 120, to: 240, rangeHigh: '19.00', rangeLow: '10.50' });
  });
  it('[A11Y-15] without a window it reads every candle; with none in view, the last one; nothing without candles', () => {
    expect(chartSummary(view, null, 1)).toMatchObject({ from: 60, rangeHigh: '19.0', rangeLow: '9.0' });
    expect(chartSummary(view, { min: 1000, max: 2000 }, 0)).toMatchObject({ from: 240, to: 240, rangeLow: '12' });
    expect(chartSummary({ ...view, length: 0 }, null, 2)).toBeUndefined();
  });
});
