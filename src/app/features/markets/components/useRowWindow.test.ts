import { describe, expect, it } from 'vitest';
import { MIN_WINDOWED, OVERSCAN, rowWindow } from './useRowWindow';

describe('row windowing of long market lists', () => {
  it('a short list renders whole', () => {
    expect(rowWindow(MIN_WINDOWED, 5000, 600, 30)).toEqual({ start: 0, end: MIN_WINDOWED });
  });

  it('200 rows at the top: the rows on screen plus the overscan, not 200', () => {
    const w = rowWindow(200, 0, 600, 30);
    expect(w).toEqual({ start: 0, end: 20 + OVERSCAN });
  });

  it('scrolled to the middle: the window follows, with overscan on both sides', () => {
    const w = rowWindow(200, 3000, 600, 30);
    expect(w).toEqual({ start: 100 - OVERSCAN, end: 120 + OVERSCAN });
  });

  it('the header above the first row is not counted as rows', () => {
    expect(rowWindow(200, 3036, 600, 30, 36)).toEqual(rowWindow(200, 3000, 600, 30));
  });

  it('scrolled to the end: the window stops at the last row', () => {
    expect(rowWindow(200, 200 * 30 - 600, 600, 30).end).toBe(200);
  });
});
