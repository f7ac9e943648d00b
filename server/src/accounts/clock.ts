/** Time source of the accounts part, injectable so tests can move past the 5-minute code expiry. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A clock the tests move by hand. */
export function manualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}
