/**
 * The app's clock (CLOCK-1): wall time, the monotonic clock, timers and animation frames, behind one small
 * interface shaped like the engine's `Clock` and `Timers` (src/engine/types.ts). The only app file that touches
 * `Date.now`, `performance`, `setTimeout`/`setInterval` and `requestAnimationFrame` (ESLint refuses them
 * elsewhere; `scripts/clock.ts` counts them). The real clock reads the globals at each call, so a test's
 * `vi.useFakeTimers()` still drives it; `installClock(new FakeClock())` (`fakeClock.ts`) drives it without them.
 */

/** A pending timer or frame, to cancel it. */
export type TimerHandle = unknown;

export interface AppClock {
  /** Wall-clock epoch ms (`Date.now()`). */
  now(): number;
  /** Monotonic ms since the page started (`performance.now()`): durations that must not jump with the wall clock. */
  monotonic(): number;
  /** The epoch ms at which `monotonic()` was 0 (`performance.timeOrigin`). */
  timeOrigin(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
  /** `requestAnimationFrame`: the callback gets the frame's time on the monotonic clock. */
  requestFrame(cb: (frameTime: number) => void): TimerHandle;
  cancelFrame(handle: TimerHandle): void;
}

type Timeout = ReturnType<typeof globalThis.setTimeout>;

/** The browser's clock: each method reads the global when called. */
const realClock: AppClock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  timeOrigin: () => performance.timeOrigin,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as Timeout),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as Timeout),
  requestFrame: (cb) => globalThis.requestAnimationFrame(cb),
  cancelFrame: (h) => globalThis.cancelAnimationFrame(h as number),
};

let current: AppClock = realClock;

/** The clock every app file uses; it forwards to the installed one (the browser's unless a test installed a fake). */
export const clock: AppClock = {
  now: () => current.now(),
  monotonic: () => current.monotonic(),
  timeOrigin: () => current.timeOrigin(),
  setTimeout: (fn, ms) => current.setTimeout(fn, ms),
  clearTimeout: (h) => current.clearTimeout(h),
  setInterval: (fn, ms) => current.setInterval(fn, ms),
  clearInterval: (h) => current.clearInterval(h),
  requestFrame: (cb) => current.requestFrame(cb),
  cancelFrame: (h) => current.cancelFrame(h),
};

/** Installs a clock (a test's fake); returns the function that puts the previous one back. */
export function installClock(next: AppClock): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}
