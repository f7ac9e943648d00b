import { describe, expect, it } from 'vitest';
import { MIN_VIRTUAL, OVERSCAN, rowForKey, virtualWindow } from './virtualWindow';

describe('virtual list window', () => {
  it('[PERF-40] a list of at most MIN_VIRTUAL rows renders whole', () => {
    expect(virtualWindow(MIN_VIRTUAL, 5000, 600, 30)).toEqual({ start: 0, end: MIN_VIRTUAL, before: 0, after: 0 });
  });

  it('[PERF-40] 200 rows at the top: the 20 rows on screen plus the overscan, and spacers keep the full height', () => {
    const w = virtualWindow(200, 0, 600, 30);
    expect(w).toEqual({ start: 0, end: 20 + OVERSCAN, before: 0, after: (200 - 20 - OVERSCAN) * 30 });
    expect(w.before + (w.end - w.start) * 30 + w.after).toBe(200 * 30);
  });

  it('[PERF-41] scrolling to the middle moves the window, with overscan on both sides', () => {
    const w = virtualWindow(200, 3000, 600, 30);
    expect(w).toMatchObject({ start: 100 - OVERSCAN, end: 120 + OVERSCAN, before: (100 - OVERSCAN) * 30 });
  });

  it('[PERF-41] a list that starts below the top of the view counts only what reaches into it', () => {
    expect(virtualWindow(200, -300, 600, 30)).toMatchObject({ start: 0, end: 10 + OVERSCAN });
  });

  it('[PERF-41] scrolled to the end: the window stops at the last row; the list shrank: nothing past its end', () => {
    expect(virtualWindow(200, 200 * 30 - 600, 600, 30)).toMatchObject({ end: 200, after: 0 });
    expect(virtualWindow(50, 200 * 30, 600, 30)).toMatchObject({ start: 50 - OVERSCAN, end: 50, after: 0 });
  });

  it('[PERF-43] arrows move one row, page keys a view, Home and End to the ends, clamped; other keys do not move', () => {
    expect(rowForKey('ArrowDown', 5, 200, 20)).toBe(6);
    expect(rowForKey('ArrowUp', 0, 200, 20)).toBe(0);
    expect(rowForKey('PageDown', 190, 200, 20)).toBe(199);
    expect(rowForKey('PageUp', 30, 200, 20)).toBe(10);
    expect(rowForKey('Home', 77, 200, 20)).toBe(0);
    expect(rowForKey('End', 3, 200, 20)).toBe(199);
    expect(rowForKey('Enter', 3, 200, 20)).toBeUndefined();
    expect(rowForKey('ArrowDown', 0, 0, 20)).toBeUndefined();
  });
});
