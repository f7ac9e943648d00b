/**
 * The server's clock as seen from here (FX-6): an estimate of `serverNow - localNow` from the frames' `ts`.
 * A frame's `ts` is at most the server's time when it arrives (it was stamped before it travelled), so every
 * sample `ts - localNow` is a lower bound of the offset and the largest recent sample the best one. Samples
 * older than `windowMs` give way to newer ones, so a change of either clock is followed.
 */
export class ServerClock {
  private best: number | null = null;
  private bestAt = 0;

  constructor(private readonly windowMs = 60_000) {}

  /** A frame stamped `serverTs` (server ms) arrived at `localNow` (local wall-clock ms). */
  sample(serverTs: number, localNow: number): void {
    const s = serverTs - localNow;
    if (this.best === null || s >= this.best || localNow - this.bestAt > this.windowMs) {
      this.best = s;
      this.bestAt = localNow;
    }
  }

  /** serverNow ≈ localNow + offset; null before the first frame. */
  offset(): number | null {
    return this.best;
  }
}
