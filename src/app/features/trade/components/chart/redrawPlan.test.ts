import { describe, expect, it } from 'vitest';
import {
  LIVE_ABOVE,
  LIVE_BELOW,
  LIVE_VOL,
  VOL_ROOM,
  Y_ABOVE,
  fullRedrawReason,
  liveFits,
  priceRange,
  volRange,
  type DrawnState,
  type PriceBand,
} from './redrawPlan';

const buffer = new ArrayBuffer(8);
const drawn: DrawnState = {
  key: 'btcusdt|1m|en|0|2',
  length: 500,
  first: 0,
  last: 60 * 499,
  buffer,
  prev: [100, 110, 95, 105, 7],
  vpMin: 60 * 400,
  vpMax: 60 * 501,
};
const band: PriceBand = { min: 90, max: 120, volMax: 10, xMin: drawn.vpMin, xMax: drawn.vpMax, step: 60 };
const live = { time: drawn.last, high: 110, low: 100, volume: 5 };

describe('chart redraw plan', () => {
  it('only the live candle changed: draw the live candle alone', () => {
    expect(fullRedrawReason(drawn, { ...drawn }, live, band)).toBeNull();
  });

  it('nothing drawn yet: full redraw', () => {
    expect(fullRedrawReason(null, drawn, live, band)).not.toBeNull();
  });

  it('a new candle opened: full redraw', () => {
    expect(fullRedrawReason(drawn, { ...drawn, last: drawn.last + 60, length: 501 }, live, band)).toBe(
      'a candle opened',
    );
  });

  it('the series grew at the front (older history arrived): full redraw', () => {
    expect(
      fullRedrawReason(drawn, { ...drawn, first: -60 * 500, length: 1000, buffer: new ArrayBuffer(8) }, live, band),
    ).toBe('older candles or a trimmed front');
  });

  it('the series was reallocated with the same ends: full redraw', () => {
    expect(fullRedrawReason(drawn, { ...drawn, buffer: new ArrayBuffer(8) }, live, band)).toBe('series reallocated');
  });

  it('the candle before the live one changed: full redraw', () => {
    expect(fullRedrawReason(drawn, { ...drawn, prev: [100, 111, 95, 105, 7] }, live, band)).not.toBeNull();
    const none: DrawnState['prev'] = [NaN, NaN, NaN, NaN, NaN];
    expect(fullRedrawReason({ ...drawn, prev: none }, { ...drawn, prev: none }, live, band)).toBeNull();
  });

  it('the viewport changed (pan, zoom, follow): full redraw', () => {
    expect(fullRedrawReason(drawn, { ...drawn, vpMin: drawn.vpMin - 60 }, live, band)).toBe('viewport changed');
  });

  it('symbol, interval, language, time zone or decimals changed: full redraw', () => {
    expect(fullRedrawReason(drawn, { ...drawn, key: 'btcusdt|1m|zh|0|2' }, live, band)).not.toBeNull();
    expect(fullRedrawReason(drawn, { ...drawn, key: 'btcusdt|1m|en|480|2' }, live, band)).not.toBeNull();
  });

  it('the live candle left the price scale: full redraw (rescale)', () => {
    const span = band.max - band.min;
    expect(fullRedrawReason(drawn, drawn, { ...live, high: band.max + span * (LIVE_ABOVE + 0.01) }, band)).toBe(
      'the live candle left the price scale',
    );
    expect(
      fullRedrawReason(drawn, drawn, { ...live, low: band.min - span * (LIVE_BELOW + 0.01) }, band),
    ).not.toBeNull();
    expect(fullRedrawReason(drawn, drawn, { ...live, high: band.max + span * (LIVE_ABOVE - 0.01) }, band)).toBeNull();
  });

  it('the live volume may grow LIVE_VOL times the drawn maximum before a rescale', () => {
    expect(liveFits({ ...live, volume: band.volMax * LIVE_VOL }, band)).toBe(true);
    expect(liveFits({ ...live, volume: band.volMax * LIVE_VOL * 1.01 }, band)).toBe(false);
  });

  it('a live candle outside the x window never forces a rescale', () => {
    const away = { ...band, xMax: live.time - 5 * 60 };
    expect(liveFits({ ...live, high: 1e9, volume: 1e9 }, away)).toBe(true);
  });

  it('the headroom the live candle may use stays inside the drawn scale (never clipped, clear of the volume band)', () => {
    const [lo, hi] = priceRange(band.min, band.max);
    const span = band.max - band.min;
    expect(band.max + span * LIVE_ABOVE).toBeLessThan(hi);
    expect(band.min - span * LIVE_BELOW).toBeGreaterThan(lo);
    // The volume band tops out at volMax / (VOL_ROOM * (max - lo) / (hi - lo)); the live bar may reach
    // LIVE_VOL of it: still in the lower third of the plot.
    expect(LIVE_VOL / VOL_ROOM).toBeLessThan(1 / 3);
    expect(volRange(band.volMax)).toEqual([0, band.volMax * VOL_ROOM]);
    expect(Y_ABOVE).toBeGreaterThan(LIVE_ABOVE);
  });
});
