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
export const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A session that ended (BUS-6): one (`tokenHash`), or every session of a user but `keepHash` (a password change),
 * or all of them. Told after the rows are gone, so gateways can close the sockets the session opened.
 */
export interface SessionEnd {
  userId: number;
  tokenHash?: string;
  keepHash?: string;
}

/** A live session: its user, last use and expiry (ms). */
export interface SessionRow {
  userId: number;
  lastSeen: number;
  expiresAt: number;
}

export class Sessions {
  private readonly ended = new Set<(e: SessionEnd) => void>();

  constructor(
    private db: Database.Database,
    private clock: Clock,
  ) {}

  /** Told of every session that ends (sign-out, password change, eviction, expiry); returns the detach. */
  onEnded(listener: (e: SessionEnd) => void): () => void {
    this.ended.add(listener);
    return () => this.ended.delete(listener);
  }

  private tell(rows: { user_id: number; token_hash: string }[]): void {
    if (this.ended.size === 0) return;
    for (const r of rows) for (const l of this.ended) l({ userId: r.user_id, tokenHash: r.token_hash });
  }

  create(userId: number): string {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.clock.now();
    this.db
      .prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(hashToken(token), userId, now, now, now + SESSION_TTL_MS);
    const evicted = this.db
      .prepare(
        `DELETE FROM sessions WHERE user_id = ? AND token_hash IN (
           SELECT token_hash FROM sessions WHERE user_id = ? ORDER BY last_seen DESC, created_at DESC LIMIT -1 OFFSET ?)
         RETURNING user_id, token_hash`,
      )
      .all(userId, userId, MAX_SESSIONS_PER_USER) as { user_id: number; token_hash: string }[];
    this.tell(evicted);
    return token;
  }

  /** Prepared once: every signed-in request resolves its token. */
  private resolveQuery: Database.Statement | undefined;

  /** The user id of a live token, or undefined. */
  resolve(token: string | undefined): number | undefined {
    return this.resolveRow(token)?.userId;
  }

  /** The live session of a token as it is after this call (an expired one deleted, a due one extended). */
  resolveRow(token: string | undefined): SessionRow | undefined {
    if (!token || token.length > 200) return undefined;
    const h = hashToken(token);
    this.resolveQuery ??= this.db.prepare('SELECT user_id, last_seen, expires_at FROM sessions WHERE token_hash = ?');
    const row = this.resolveQuery.get(h) as { user_id: number; last_seen: number; expires_at: number } | undefined;
    const now = this.clock.now();
    if (!row) return undefined;
    if (row.expires_at <= now) {
      this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(h);
      this.tell([{ user_id: row.user_id, token_hash: h }]);
      return undefined;
    }
    if (now - row.last_seen >= TOUCH_EVERY_MS) {
      this.db
        .prepare('UPDATE sessions SET last_seen = ?, expires_at = ? WHERE token_hash = ?')
        .run(now, now + SESSION_TTL_MS, h);
      return { userId: row.user_id, lastSeen: now, expiresAt: now + SESSION_TTL_MS };
    }
    return { userId: row.user_id, lastSeen: row.last_seen, expiresAt: row.expires_at };
  }

  /** The token hashes of a user's unexpired sessions (at most the session limit); BUS-11 checks a ticket's session. */
  liveHashes(userId: number): string[] {
    const rows = this.db
      .prepare('SELECT token_hash FROM sessions WHERE user_id = ? AND expires_at > ?')
      .all(userId, this.clock.now()) as { token_hash: string }[];
    return rows.map((r) => r.token_hash);
  }

  revoke(token: string): void {
    const rows = this.db
      .prepare('DELETE FROM sessions WHERE token_hash = ? RETURNING user_id, token_hash')
      .all(hashToken(token)) as { user_id: number; token_hash: string }[];
    this.tell(rows);
  }

  /** Ends every session of a user except `keepToken` (after a password change). */
  revokeAllOf(userId: number, keepToken?: string): void {
    const keepHash = keepToken ? hashToken(keepToken) : undefined;
    const r = keepHash
      ? this.db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?').run(userId, keepHash)
      : this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
    if (r.changes > 0) for (const l of this.ended) l(keepHash ? { userId, keepHash } : { userId });
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
    const rows = this.db
      .prepare('DELETE FROM sessions WHERE expires_at <= ? RETURNING user_id, token_hash')
      .all(this.clock.now()) as { user_id: number; token_hash: string }[];
    this.tell(rows);
  }
}
