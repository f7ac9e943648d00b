import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionCache } from './sessionCache';
import { Sessions, SESSION_TTL_MS, TOUCH_EVERY_MS } from './tokens';
import type { UserRow } from './users';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, account TEXT, nickname TEXT);
  CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_at INTEGER NOT NULL,
    last_seen INTEGER NOT NULL, expires_at INTEGER NOT NULL);`;

describe('[CORE-9] the signed-in user of a request from memory', () => {
  let dir: string;
  let db: Database.Database;
  let other: Database.Database;
  let now: number;
  let reads: number;
  let cache: ReturnType<typeof sessionCache>;
  let sessions: Sessions;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'session-cache-'));
    db = new Database(join(dir, 'db'));
    db.pragma('journal_mode = WAL');
    db.exec(SCHEMA);
    db.prepare("INSERT INTO users (id, account, nickname) VALUES (1, 'ann', 'Ann'), (2, 'bob', 'Bob')").run();
    // The operator's CLI: another connection on the same file (SAFE-23).
    other = new Database(join(dir, 'db'));
    now = 1_000_000;
    reads = 0;
    const clock = { now: () => now };
    sessions = new Sessions(db, clock);
    const byId = db.prepare('SELECT * FROM users WHERE id = ?');
    cache = sessionCache(db, clock, {
      resolveRow: (token) => {
        reads++;
        return sessions.resolveRow(token);
      },
      byId: (id) => byId.get(id) as UserRow | undefined,
      touchEveryMs: TOUCH_EVERY_MS,
    });
  });

  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[CORE-9] a second lookup of a live token reads nothing from the database', () => {
    const t = sessions.create(1);
    expect(cache.userOfToken(t)?.account).toBe('ann');
    expect(cache.userOfToken(t)?.account).toBe('ann');
    expect(reads).toBe(1);
    expect(cache.userOfToken('unknown')).toBeUndefined();
  });

  it('[CORE-9] a session revoked on this connection is refused on the very next request', () => {
    const t = sessions.create(1);
    expect(cache.userOfToken(t)?.id).toBe(1);
    sessions.revoke(t);
    expect(cache.userOfToken(t)).toBeUndefined();
  });

  it('[CORE-9] a change to the user row on this connection is seen on the very next request', () => {
    const t = sessions.create(2);
    expect(cache.userOfToken(t)?.nickname).toBe('Bob');
    db.prepare("UPDATE users SET nickname = 'Robert' WHERE id = 2").run();
    expect(cache.userOfToken(t)?.nickname).toBe('Robert');
  });

  it('[CORE-9] a session another process deleted (an operator CLI) is refused on the very next request', () => {
    const t = sessions.create(1);
    expect(cache.userOfToken(t)?.id).toBe(1);
    other.prepare('DELETE FROM sessions').run();
    expect(cache.userOfToken(t)).toBeUndefined();
  });

  it('[CORE-9] a user row another process changed is seen on the very next request', () => {
    const t = sessions.create(2);
    expect(cache.userOfToken(t)?.nickname).toBe('Bob');
    other.prepare("UPDATE users SET nickname = 'Bobby' WHERE id = 2").run();
    expect(cache.userOfToken(t)?.nickname).toBe('Bobby');
  });

  it('[CORE-9] an expired session is refused without any write dropping it, and a due one is extended', () => {
    const t = sessions.create(1);
    expect(cache.userOfToken(t)?.id).toBe(1);
    now += TOUCH_EVERY_MS;
    expect(cache.userOfToken(t)?.id).toBe(1);
    const row = db.prepare('SELECT last_seen, expires_at FROM sessions').get() as { last_seen: number };
    expect(row.last_seen).toBe(now);
    now += SESSION_TTL_MS;
    expect(cache.userOfToken(t)).toBeUndefined();
  });

  it('[CORE-9] a row read inside a transaction is not kept (it may roll back), and a hit is a copy', () => {
    const t = sessions.create(1);
    db.transaction(() => expect(cache.userOfToken(t)?.id).toBe(1))();
    expect(cache.size).toBe(0);
    const u = cache.userOfToken(t)!;
    u.account = 'changed';
    expect(cache.userOfToken(t)?.account).toBe('ann');
  });
});
