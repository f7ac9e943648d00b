/**
 * The limits on signing up (SAFE-7), in one place: registrations and verification codes per client address
 * (and codes per destination address). Beyond a limit the call is answered with 429 and Retry-After
 * (`TooManyRequests`); the registration limit is checked before any password is hashed.
 * Sign-in failures: `attempts.ts` (SAFE-9). Password hashing: `HASH_LIMITS` in `passwords.ts` (SAFE-8).
 */
import type Database from 'better-sqlite3';
import { TooManyRequests } from '../http/failures';
import type { Clock } from '../time/clock';

const MINUTE = 60_000;
const HOUR = 3600_000;

/** Registrations per client address: a burst of this many within REGISTER_BURST_WINDOW_MS... */
export const REGISTER_BURST = 10;
export const REGISTER_BURST_WINDOW_MS = 10 * MINUTE;
/** ...and this many per hour. Every register call that reaches the password hash counts, successful or not. */
export const REGISTER_PER_HOUR = 20;

/** Codes (AUTH-4): one per RESEND_GAP_MS per destination address... */
export const RESEND_GAP_MS = MINUTE;
/** ...MAX_PER_ADDRESS_PER_HOUR per destination address... */
export const MAX_PER_ADDRESS_PER_HOUR = 10;
/** ...and MAX_PER_IP_PER_HOUR per client address. */
export const MAX_PER_IP_PER_HOUR = 30;
export const CODE_LIMIT_WINDOW_MS = HOUR;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Registration attempts per client address (table `register_attempts`). */
export class RegisterLimit {
  constructor(
    private db: Database.Database,
    private clock: Clock,
  ) {}

  /** Throws TooManyRequests beyond the limit; otherwise records this attempt. Call before hashing. */
  take(ip: string): void {
    const now = this.clock.now();
    const recent = this.db
      .prepare('SELECT at FROM register_attempts WHERE ip = ? AND at > ? ORDER BY at DESC LIMIT ?')
      .all(ip, now - HOUR, REGISTER_PER_HOUR) as { at: number }[];
    let wait = 0;
    if (recent.length >= REGISTER_PER_HOUR) wait = recent[recent.length - 1].at + HOUR - now;
    const burst = recent.filter((r) => r.at > now - REGISTER_BURST_WINDOW_MS);
    if (burst.length >= REGISTER_BURST)
      wait = Math.max(wait, burst[REGISTER_BURST - 1].at + REGISTER_BURST_WINDOW_MS - now);
    if (wait > 0) {
      const s = seconds(wait);
      throw new TooManyRequests(`Too many registrations from this address, try again in ${waitText(s)}`, s);
    }
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO register_attempts (ip, at) VALUES (?, ?)').run(ip, now);
      this.db.prepare('DELETE FROM register_attempts WHERE at <= ?').run(now - HOUR);
    })();
  }
}

/** "45 seconds", "12 minutes". */
export function waitText(s: number): string {
  if (s < 120) return `${s} second${s === 1 ? '' : 's'}`;
  return `${Math.ceil(s / 60)} minutes`;
}

/** TooManyRequests for a code limit, with the seconds until it frees. */
export function codeLimitReached(message: string, waitMs: number): TooManyRequests {
  return new TooManyRequests(message, seconds(waitMs));
}
