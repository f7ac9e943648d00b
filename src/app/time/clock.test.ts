/** CLOCK-1: the app's clock forwards to the browser's globals, or to the fake a test installs. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock, installClock } from './clock';
import { FakeClock } from './fakeClock';

describe('[CLOCK-1] the app clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the globals at each call, so vi.useFakeTimers drives it', () => {
    vi.useFakeTimers({ now: 1_000 });
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 50);
    const every = clock.setInterval(() => fired.push(clock.now()), 20);
    vi.advanceTimersByTime(60);
    clock.clearInterval(every);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([1_020, 1_040, 1_050, 1_060]);
  });

  it('forwards to an installed fake until restored', () => {
    const fake = new FakeClock(5_000);
    const restore = installClock(fake);
    try {
      expect(clock.now()).toBe(5_000);
      expect(clock.monotonic()).toBe(0);
      const seen: string[] = [];
      clock.setTimeout(() => seen.push(`timeout ${clock.monotonic()}`), 30);
      const cancelled = clock.setTimeout(() => seen.push('cancelled'), 10);
      clock.clearTimeout(cancelled);
      const every = clock.setInterval(() => {
        seen.push(`interval ${clock.monotonic()}`);
        if (clock.monotonic() >= 40) clock.clearInterval(every);
      }, 20);
      clock.requestFrame((t) => seen.push(`frame ${t}`));
      fake.advance(100);
      expect(seen).toEqual(['interval 20', 'timeout 30', 'interval 40']);
      expect(fake.timerCount).toBe(0);
      expect(clock.now()).toBe(5_100);
      expect(clock.timeOrigin()).toBe(5_000);
      fake.frame();
      expect(seen.at(-1)).toBe('frame 100');
      const f = clock.requestFrame(() => seen.push('cancelled frame'));
      clock.cancelFrame(f);
      fake.frame();
      expect(seen.at(-1)).toBe('frame 100');
    } finally {
      restore();
    }
    expect(clock.now()).not.toBe(5_100);
  });

  it('fires a timer scheduled by a firing one in the same advance when due, in due order', () => {
    const fake = new FakeClock(0);
    const order: number[] = [];
    fake.setTimeout(() => {
      order.push(fake.monotonic());
      fake.setTimeout(() => order.push(fake.monotonic()), 5);
    }, 10);
    fake.setTimeout(() => order.push(fake.monotonic()), 12);
    fake.advance(20);
    expect(order).toEqual([10, 12, 15]);
    expect(fake.monotonic()).toBe(20);
  });
});
