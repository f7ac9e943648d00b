/**
 * HTTP 429 handling (API-6): nothing is retried on a path before the server's Retry-After has passed.
 * The client remembers an until-time per path; calls before it fail fast with the same message.
 */

/** Used when a 429 carries no usable Retry-After header. */
export const DEFAULT_RETRY_AFTER_MS = 30_000;

/**
 * Parses Retry-After (spec: RFC 9110 10.2.3): delay-seconds or an HTTP-date. Returns milliseconds to wait (≥ 1 s).
 */
export function parseRetryAfter(header: string | null, now: number): number {
  if (header) {
    const t = header.trim();
    if (/^\d+$/.test(t)) return Math.max(1000, Number(t) * 1000);
    const date = Date.parse(t);
    if (Number.isFinite(date)) return Math.max(1000, date - now);
  }
  return DEFAULT_RETRY_AFTER_MS;
}

export class RetryAfterBook {
  private readonly until = new Map<string, number>();

  /** Records that `path` may not be called before `now + waitMs`. */
  block(path: string, now: number, waitMs: number): void {
    this.until.set(path, now + waitMs);
  }

  /** Whole seconds still to wait for `path`, or 0 when it may be called. */
  secondsLeft(path: string, now: number): number {
    const u = this.until.get(path);
    if (u === undefined) return 0;
    if (u <= now) {
      this.until.delete(path);
      return 0;
    }
    return Math.ceil((u - now) / 1000);
  }

  clear(): void {
    this.until.clear();
  }
}
