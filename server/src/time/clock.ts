/**
 * Time for the whole server: a clock and timers, handed to every part through the ServerContext.
 * This file is the only place that reads the system clock or calls the runtime's timers; everything else
 * asks the context, so tests can pass a clock they move by hand.
 */
export interface Clock {
  now(): number;
}

/** A cancellable timer handle (what `Timers` returns). */
export interface TimerHandle {
  cancel(): void;
}

export interface Timers {
  /** Runs `fn` once after `ms`; never keeps the process alive on its own. */
  after(ms: number, fn: () => void): TimerHandle;
  /** Runs `fn` every `ms`; never keeps the process alive on its own. */
  every(ms: number, fn: () => void): TimerHandle;
}

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
  every(ms, fn) {
    const t = setInterval(fn, ms);
    t.unref();
    return { cancel: () => clearInterval(t) };
  },
};

/** Resolves after `ms` (for command-line tools such as the flood probe). */
export const sleep = (ms: number, timers: Timers = systemTimers) =>
  new Promise<void>((resolve) => timers.after(ms, resolve));

/** A clock the tests move by hand. */
export function manualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void; reset(): void } {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms), reset: () => void (t = start) };
}

/**
 * The system clock that a test can move forward (OPS-6, TEST_SWITCHES only): `advance(ms)` adds to an offset, so
 * every part of the server sees time jump at once (the market makes the skipped time's trades on its next step,
 * expiries and funding rounds come due). Never backwards.
 */
export function skewedClock(base: Clock): Clock & { advance(ms: number): number } {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms: number) {
      if (ms > 0) offset += ms;
      return base.now() + offset;
    },
  };
}
