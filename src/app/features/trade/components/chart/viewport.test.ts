import { describe, expect, it } from 'vitest';
import { MIN_CANDLES, clamp, follow, initialViewport, isFollowing, pan, zoom } from './viewport';

const s = { first: 0, last: 60 * 499, step: 60 }; // 500 one-minute candles

describe('chart viewport', () => {
  it('opens on the newest candles with a right margin', () => {
    const v = initialViewport(s, 700);
    expect(v.max).toBe(s.last + 120);
    expect((v.max - v.min) / 60).toBe(100);
  });

  it('follows the live candle while it is in view, keeping the span', () => {
    const v = initialViewport(s, 700);
    expect(isFollowing(v, s.last, 60)).toBe(true);
    const next = follow(v, { ...s, last: s.last + 60 });
    expect(next.max - next.min).toBeCloseTo(v.max - v.min);
    expect(next.max).toBe(s.last + 60 + 120);
    const panned = pan(v, -3000, s);
    expect(isFollowing(panned, s.last, 60)).toBe(false);
  });

  it('zooms around a point and never below the minimum candle count', () => {
    const v = initialViewport(s, 700);
    const at = (v.min + v.max) / 2;
    const z = zoom(v, 0.5, at, s);
    expect(z.max - z.min).toBeCloseTo((v.max - v.min) / 2);
    expect((z.min + z.max) / 2).toBeCloseTo(at);
    let deep = v;
    for (let i = 0; i < 50; i++) deep = zoom(deep, 0.5, at, s);
    expect((deep.max - deep.min) / 60).toBeGreaterThanOrEqual(MIN_CANDLES);
  });

  it('zooming out stops at all candles; panning stops at the oldest candle', () => {
    let v = initialViewport(s, 700);
    for (let i = 0; i < 50; i++) v = zoom(v, 2, v.max, s);
    expect(v.min).toBeGreaterThanOrEqual(s.first - 60);
    const far = pan(initialViewport(s, 700), -1e9, s);
    expect(far.min).toBe(s.first - 60);
    expect(far.max - far.min).toBeCloseTo(100 * 60);
  });

  it('a window past the newest candle is pulled back', () => {
    const v = clamp({ min: s.last + 1e6, max: s.last + 1e6 + 6000 }, s);
    expect(v.max).toBe(s.last + 60 * 8);
  });
});

describe('chart viewport when older candles are prepended', () => {
  // The window is in open times, not indices: a longer series at the front leaves it on the same candles.
  const older = { ...s, first: -60 * 1000 };

  it('a window at the oldest candle stays on the same candles when older ones arrive', () => {
    const atEdge = pan(initialViewport(s, 700), -1e9, s);
    expect(clamp(atEdge, older, true)).toEqual(atEdge);
    // ...and panning further left now reaches the new first candle.
    expect(pan(atEdge, -1e9, older).min).toBe(older.first - 60);
  });

  it('a following window keeps following after a prepend', () => {
    const v = initialViewport(s, 700);
    expect(follow(v, older)).toEqual(v);
  });
});
