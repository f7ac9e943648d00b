/**
 * Sign-in failure limits (AUTH-3): per account 5 failures in 15 minutes, per client address 20.
 * Unknown accounts count like known ones, so the limit reveals nothing about which accounts exist.
 * While limited, even the right password is refused with a clear message.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

export type Scope = 'account' | 'ip';

export class LoginLimiter {
  constructor(
    private db: Database.Database,
    private clock: Clock,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  blockedFor(scope: Scope, key: string): number {
    const max = scope === 'account' ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_IP;
    const since = this.clock.now() - FAILURE_WINDOW_MS;
    const rows = this.db
      .prepare('SELECT at FROM login_failures WHERE scope = ? AND key = ? AND at > ? ORDER BY at DESC LIMIT ?')
      .all(scope, key, since, max) as { at: number }[];
    if (rows.length < max) return 0;
    // The oldest of the last `max` failures must leave the window before another try.
    return rows[rows.length - 1].at + FAILURE_WINDOW_MS - this.clock.now();
  }

  /** The longer wait of the account and the address, or 0. */
  check(accountKey: string, ip: string): number {
    return Math.max(this.blockedFor('account', accountKey), this.blockedFor('ip', ip));
  }

  /**
   * Records an attempt as failed BEFORE the password is checked, so parallel guesses cannot slip past
   * the limit while the hash runs; `succeed` takes it back.
   */
  begin(accountKey: string, ip: string): number {
    const now = this.clock.now();
    const ins = this.db.prepare('INSERT INTO login_failures (scope, key, at) VALUES (?, ?, ?)');
    ins.run('account', accountKey, now);
    const r = ins.run('ip', ip, now);
    this.db.prepare('DELETE FROM login_failures WHERE at <= ?').run(now - FAILURE_WINDOW_MS);
    return Number(r.lastInsertRowid);
  }

  /** A successful sign-in clears the account's failures and takes back this attempt's address entry. */
  succeed(accountKey: string, attemptId: number): void {
    this.db.prepare("DELETE FROM login_failures WHERE scope = 'account' AND key = ?").run(accountKey);
    this.db.prepare('DELETE FROM login_failures WHERE id = ?').run(attemptId);
  }
}

export function tooManyMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
