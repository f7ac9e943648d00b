/**
 * Flood control for one connection (WS-13: a connection that floods control messages is throttled).
 *
 * - Valid control frames (subscribe / unsubscribe) spend from a bucket of CONTROL_RATE per second, burst
 *   CONTROL_BURST. The burst is sized for a reconnect, where a client re-sends every subscription it holds at
 *   once (up to 50 symbols x 10 streams); a loop sending control frames runs dry within a second.
 * - Rejected frames spend from a more generous bucket (they are answered with an ERROR either way; the bucket
 *   only decides when it becomes abuse).
 * - Every frame over a bucket is a strike; more than MAX_STRIKES strikes within STRIKE_WINDOW_MS closes the
 *   connection with 1008 (policy violation).
 */

export const CONTROL_RATE = 50;
export const CONTROL_BURST = 500;
export const REJECT_RATE = 500;
export const REJECT_BURST = 2_000;
export const MAX_STRIKES = 200;
export const STRIKE_WINDOW_MS = 10_000;

export class TokenBucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }
  take(now: number): boolean {
    if (now > this.at) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.rate) / 1000);
      this.at = now;
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }
}

export class FloodGuard {
  private readonly control: TokenBucket;
  private readonly rejects: TokenBucket;
  private strikes = 0;
  private windowStart: number;
  constructor(now: number) {
    this.control = new TokenBucket(CONTROL_RATE, CONTROL_BURST, now);
    this.rejects = new TokenBucket(REJECT_RATE, REJECT_BURST, now);
    this.windowStart = now;
  }
  /** A valid control frame: false = throttled (answer THROTTLED, do not act on it). */
  allowControl(now: number): boolean {
    if (this.control.take(now)) return true;
    this.strike(now);
    return false;
  }
  /** A rejected frame: counts towards abuse once over its bucket. */
  rejected(now: number): void {
    if (!this.rejects.take(now)) this.strike(now);
  }
  private strike(now: number): void {
    if (now - this.windowStart > STRIKE_WINDOW_MS) {
      this.windowStart = now;
      this.strikes = 0;
    }
    this.strikes++;
  }
  /** True once the connection should be closed with 1008. */
  get abusive(): boolean {
    return this.strikes > MAX_STRIKES;
  }
}
