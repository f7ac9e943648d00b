/**
 * When the chart must redraw everything (uPlot: axes, grid, every candle) and when drawing only the live
 * candle on the overlay is enough. At flood rate the live candle changes every frame while nothing else
 * does; a full redraw costs its axis labels (canvas fillText) every time, so it runs only when:
 * - there was no drawing yet, or the symbol, interval, language, time zone or price decimals changed;
 * - a candle opened, older candles were prepended, the series was trimmed or reallocated (first/last open
 *   time, length or buffer changed), or the candle before the live one changed;
 * - the viewport changed (pan, zoom, resize, following the live candle);
 * - the live candle, while in the x window, left the price band of the last full drawing (PriceBand).
 * Pure; unit-tested.
 */

/** What the last full drawing was made from. */
export interface DrawnState {
  /** symbol|interval|language|offset|decimals */
  key: string;
  length: number;
  first: number;
  last: number;
  buffer: ArrayBufferLike | null;
  /** OHLCV of the candle before the live one (NaN when there is none). */
  prev: readonly [number, number, number, number, number];
  vpMin: number;
  vpMax: number;
}

/** The live candle. */
export interface LiveCandle {
  time: number;
  high: number;
  low: number;
  volume: number;
}

/**
 * The data range of the visible candles at the last full drawing (what the y and vol range functions
 * were given), from which the scales were made with headroom.
 */
export interface PriceBand {
  min: number;
  max: number;
  volMax: number;
  xMin: number;
  xMax: number;
  step: number;
}

/** Price scale from the visible data range: room below for the volume band, headroom above. */
export const Y_BELOW = 0.32;
export const Y_ABOVE = 0.12;
/** How far the live candle may go past the data range before a rescale, as a share of that range. */
export const LIVE_ABOVE = 0.08;
export const LIVE_BELOW = 0.04;
/** The volume bars take the bottom 1/VOL_ROOM of the plot; the live bar may grow past the max by LIVE_VOL. */
export const VOL_ROOM = 4.5;
export const LIVE_VOL = 1.15;

export function priceRange(min: number, max: number): [number, number] {
  const span = max - min || Math.abs(max) * 0.01 || 1;
  return [min - span * Y_BELOW, max + span * Y_ABOVE];
}

export function volRange(max: number): [number, number] {
  return [0, (max || 1) * VOL_ROOM];
}

/** True when the live candle (if in the x window) still fits the scales of the last full drawing. */
export function liveFits(c: LiveCandle, b: PriceBand): boolean {
  if (c.time < b.xMin - b.step || c.time > b.xMax + b.step) return true;
  const span = b.max - b.min || Math.abs(b.max) * 0.01 || 1;
  if (c.high > b.max + span * LIVE_ABOVE || c.low < b.min - span * LIVE_BELOW) return false;
  return c.volume <= (b.volMax || 0) * LIVE_VOL;
}

/** Why a full redraw is needed, or null when drawing the live candle alone is enough. */
export function fullRedrawReason(
  was: DrawnState | null,
  now: DrawnState,
  live: LiveCandle,
  band: PriceBand | null,
): string | null {
  if (!was) return 'first drawing';
  if (was.key !== now.key) return 'symbol, interval, language, time zone or decimals changed';
  if (now.last !== was.last) return 'a candle opened';
  if (now.first !== was.first) return 'older candles or a trimmed front';
  if (now.length !== was.length || now.buffer !== was.buffer) return 'series reallocated';
  if (!sameCandle(was.prev, now.prev)) return 'the candle before the live one changed';
  if (now.vpMin !== was.vpMin || now.vpMax !== was.vpMax) return 'viewport changed';
  if (!band) return 'no price band';
  if (!liveFits(live, band)) return 'the live candle left the price scale';
  return null;
}

function sameCandle(a: DrawnState['prev'], b: DrawnState['prev']): boolean {
  for (let i = 0; i < 5; i++) if (a[i] !== b[i] && !(a[i] !== a[i] && b[i] !== b[i])) return false;
  return true;
}
