/**
 * Session tokens: 256 random bits (base64url), new at every sign-in, stored only as their SHA-256,
 * valid 7 days after the last use (sliding), dead after sign-out. Read only from the `satoken` header.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';

export const TOKEN_BYTES = 32;
export const SESSION_TTL_MS = 7 * 24 * 3600_000;
/** Live sessions per user; a new sign-in beyond this ends the least recently used one. */
export const MAX_SESSIONS_PER_USER = 50;
/** Extend the expiry at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class Sessions {
  constructor(
    private db: Database.Database,
    private clock: Clock,
  ) {}

  create(userId: number): string {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.clock.now();
    this.db
      .prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(hashToken(token), userId, now, now, now + SESSION_TTL_MS);
    this.db
      .prepare(
        `DELETE FROM sessions WHERE user_id = ? AND token_hash IN (
           SELECT token_hash FROM sessions WHERE user_id = ? ORDER BY last_seen DESC, created_at DESC LIMIT -1 OFFSET ?)`,
      )
      .run(userId, userId, MAX_SESSIONS_PER_USER);
    return token;
  }

  /** Prepared once: every signed-in request resolves its token. */
  private resolveQuery: Database.Statement | undefined;

  /** The user id of a live token, or undefined. */
  resolve(token: string | undefined): number | undefined {
    if (!token || token.length > 200) return undefined;
    const h = hashToken(token);
    this.resolveQuery ??= this.db.prepare('SELECT user_id, last_seen, expires_at FROM sessions WHERE token_hash = ?');
    const row = this.resolveQuery.get(h) as { user_id: number; last_seen: number; expires_at: number } | undefined;
    const now = this.clock.now();
    if (!row) return undefined;
    if (row.expires_at <= now) {
      this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(h);
      return undefined;
    }
    if (now - row.last_seen >= TOUCH_EVERY_MS) {
      this.db
        .prepare('UPDATE sessions SET last_seen = ?, expires_at = ? WHERE token_hash = ?')
        .run(now, now + SESSION_TTL_MS, h);
    }
    return row.user_id;
  }

  revoke(token: string): void {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
  }

  /** Ends every session of a user except `keepToken` (after a password change). */
  revokeAllOf(userId: number, keepToken?: string): void {
    if (keepToken)
      this.db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?').run(userId, hashToken(keepToken));
    else this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
  }

  /** Test switch: make tokens expired (all, or one user's). */
  expire(userId?: number): number {
    const at = this.clock.now() - 1;
    const r =
      userId === undefined
        ? this.db.prepare('UPDATE sessions SET expires_at = ?').run(at)
        : this.db.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').run(at, userId);
    return r.changes;
  }

  purgeExpired(): void {
    this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(this.clock.now());
  }
}
