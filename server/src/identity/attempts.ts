/**
 * Sign-in failure limits (SAFE-9, replacing AUTH-3's per-account lock):
 * - per pair (account, client address): the first `FREE_FAILURES` failures cost nothing; after them each
 *   further try waits a delay that doubles per failure (`FIRST_DELAY_MS`, 2x, 4x... up to `MAX_DELAY_MS`),
 *   counted from the last failure. A stranger's failures from another address never lock the owner out.
 * - per client address across accounts (spraying): `MAX_FAILURES_PER_IP` failures in `FAILURE_WINDOW_MS`.
 * Unknown accounts count like known ones, so the limit reveals nothing about which accounts exist. While
 * limited, even the right password is refused with a clear message.
 * A failure is recorded only once the compare has finished AND the client is still there: an attempt cut off
 * by a disconnect or by shutdown is not counted. So that parallel guesses cannot slip past the limit while their
 * hashes run, attempts in flight count towards the limit until they end.
 * The same limiter (its keys prefixed by the caller) guards the old password of a password change.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';

/** Window of the per-address budget; also the trade password's window (withdrawals). */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures of one pair (account, address) before delays start; also the trade password's limit. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const FREE_FAILURES = 5;
/** The delay after the first failure beyond the free ones; it doubles with each further failure. */
export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A pair's failures are forgotten a day after the last one (or at a success). */
export const PAIR_MEMORY_MS = 24 * 3600_000;
/** Failures from one client address, any accounts, within FAILURE_WINDOW_MS. */
export const MAX_FAILURES_PER_IP = 20;

/** The wait before the next try of a pair with `failures` failures, the last at `lastAt` (0: may try now). */
export function pairDelayMs(failures: number, lastAt: number, now: number): number {
  if (failures < FREE_FAILURES) return 0;
  const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - FREE_FAILURES));
  return Math.max(0, lastAt + delay - now);
}

/** One attempt under way (from `begin` to `end`). */
export interface Attempt {
  pair: string;
  ip: string;
}

export class LoginLimiter {
  /** Attempts whose compare is running, per pair and per address (counted as possible failures). */
  private inFlightPair = new Map<string, number>();
  private inFlightIp = new Map<string, number>();

  constructor(
    private db: Database.Database,
    private clock: Clock,
  ) {}

  /** Milliseconds until the pair (account key, address) may try again, or 0 when it may try now. */
  check(accountKey: string, ip: string): number {
    const now = this.clock.now();
    const pair = pairKey(accountKey, ip);
    const p = this.db
      .prepare("SELECT COUNT(*) AS n, MAX(at) AS last FROM login_failures WHERE scope = 'pair' AND key = ? AND at > ?")
      .get(pair, now - PAIR_MEMORY_MS) as { n: number; last: number | null };
    const pairPending = this.inFlightPair.get(pair) ?? 0;
    let wait = pairDelayMs(p.n, p.last ?? now, now);
    // Attempts in flight would reach the delay: wait for them (at least a second) rather than run past it.
    if (wait === 0 && pairPending > 0 && p.n + pairPending >= FREE_FAILURES) wait = Math.max(1000, FIRST_DELAY_MS);

    const since = now - FAILURE_WINDOW_MS;
    const rows = this.db
      .prepare("SELECT at FROM login_failures WHERE scope = 'ip' AND key = ? AND at > ? ORDER BY at DESC LIMIT ?")
      .all(ip, since, MAX_FAILURES_PER_IP) as { at: number }[];
    const ipPending = this.inFlightIp.get(ip) ?? 0;
    if (rows.length >= MAX_FAILURES_PER_IP) {
      // The oldest of the last MAX failures must leave the window before another try.
      wait = Math.max(wait, rows[rows.length - 1].at + FAILURE_WINDOW_MS - now);
    } else if (ipPending > 0 && rows.length + ipPending >= MAX_FAILURES_PER_IP) {
      wait = Math.max(wait, 1000);
    }
    return wait;
  }

  /** Marks an attempt as under way; pair it with `end` (in a finally). */
  begin(accountKey: string, ip: string): Attempt {
    const a = { pair: pairKey(accountKey, ip), ip };
    this.inFlightPair.set(a.pair, (this.inFlightPair.get(a.pair) ?? 0) + 1);
    this.inFlightIp.set(ip, (this.inFlightIp.get(ip) ?? 0) + 1);
    return a;
  }

  /** The attempt is over (whatever its outcome). */
  end(a: Attempt): void {
    dec(this.inFlightPair, a.pair);
    dec(this.inFlightIp, a.ip);
  }

  /** Records a finished, wrong compare for the pair and the address. */
  fail(a: Attempt): void {
    const now = this.clock.now();
    this.db.transaction(() => {
      const ins = this.db.prepare('INSERT INTO login_failures (scope, key, at) VALUES (?, ?, ?)');
      ins.run('pair', a.pair, now);
      ins.run('ip', a.ip, now);
      this.db
        .prepare("DELETE FROM login_failures WHERE at <= ? OR (scope = 'ip' AND at <= ?)")
        .run(now - PAIR_MEMORY_MS, now - FAILURE_WINDOW_MS);
    })();
  }

  /** A successful compare clears the pair's failures (the address budget keeps its count). */
  succeed(a: Attempt): void {
    this.db.prepare("DELETE FROM login_failures WHERE scope = 'pair' AND key = ?").run(a.pair);
  }
}

const pairKey = (accountKey: string, ip: string) => `${accountKey}|${ip}`;

function dec(m: Map<string, number>, k: string): void {
  const n = (m.get(k) ?? 0) - 1;
  if (n > 0) m.set(k, n);
  else m.delete(k);
}

export function tooManyMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
