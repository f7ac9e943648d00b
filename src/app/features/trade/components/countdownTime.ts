/**
 * Countdowns on server time (SECUI-6), shared by the second-contract and options panels: the server's clock from
 * the local clock and the engine's offset, the time left to a close, its "m:ss" form and the wait to the next
 * whole second.
 */
/** The server's clock now, from the local clock and the engine's offset (serverNow - localNow; null: unknown). */
export function serverNow(localNow: number, offset: number | null): number {
  return localNow + (offset ?? 0);
}

/** Ms until `closeTime` (server ms), never below zero (SECUI-6). */
export function timeLeftMs(closeTime: number, localNow: number, offset: number | null): number {
  return Math.max(0, closeTime - serverNow(localNow, offset));
}

/** A countdown as "m:ss" (or "h:mm:ss"), whole seconds rounded up, so "0:00" shows only at the close. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Ms from `localNow` until the countdown's next whole-second change (at least 1 ms). */
export function msToNextTick(closeTime: number, localNow: number, offset: number | null): number {
  const left = timeLeftMs(closeTime, localNow, offset);
  if (left <= 0) return 0;
  const r = left % 1000;
  return r === 0 ? 1000 : r;
}
