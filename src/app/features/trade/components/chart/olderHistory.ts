/**
 * Older history on demand, as a major exchange's chart does: when a pan or zoom brings the left edge of the
 * view near the first loaded candle, ask for the page before it. One request at a time; an answer of 0
 * (nothing older, or the series is full) stops asking for that series until the symbol or interval changes.
 * A failed request may be retried by the next pan or zoom. The longer series arrives through useKlines.
 */
import type { SeriesSpan, Viewport } from './viewport';

/** Ask when the left edge is within this share of the visible width (or NEAR_CANDLES) of the first candle. */
export const NEAR_SHARE = 0.25;
export const NEAR_CANDLES = 20;

export function nearOldest(vp: Viewport, span: SeriesSpan): boolean {
  const room = Math.max((vp.max - vp.min) * NEAR_SHARE, NEAR_CANDLES * span.step);
  return vp.min <= span.first + room;
}

export interface OlderPager {
  /** Called after a pan or zoom of the series `key`. */
  check(key: string, vp: Viewport, span: SeriesSpan): void;
}

export function createOlderPager(load: (key: string) => Promise<number>): OlderPager {
  let busy = false;
  let current = '';
  let exhausted = false;
  return {
    check(key, vp, span) {
      if (key !== current) {
        current = key;
        exhausted = false;
      }
      if (busy || exhausted || !nearOldest(vp, span)) return;
      busy = true;
      load(key).then(
        (added) => {
          busy = false;
          if (!(added > 0) && key === current) exhausted = true;
        },
        () => {
          busy = false;
        },
      );
    },
  };
}
