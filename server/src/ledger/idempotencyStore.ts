/** The SQL of idempotency keys (table of migration 023). */
import type Database from 'better-sqlite3';

export interface KeyRow {
  requestHash: string;
  state: 'running' | 'done';
  reply: string | null;
  createdAt: number;
}

export interface IdempotencyStore {
  transaction<T>(fn: () => T): T;
  /** Inserts a running row; false when (user, key) already exists. */
  claim(userId: number, key: string, requestHash: string, now: number): boolean;
  get(userId: number, key: string): KeyRow | undefined;
  complete(userId: number, key: string, reply: string): void;
  /** Inserts a finished row (claim and reply in one write, CORE-3's batch); false when (user, key) already exists. */
  insertDone(userId: number, key: string, requestHash: string, reply: string, now: number): boolean;
  remove(userId: number, key: string): void;
  removeRunning(): number;
  removeOlderThan(time: number): number;
}

export function sqliteIdempotencyStore(db: Database.Database): IdempotencyStore {
  const q = {
    claim: db.prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, state, created_at) VALUES (?, ?, ?, 'running', ?)
       ON CONFLICT (user_id, key) DO NOTHING`,
    ),
    get: db.prepare(
      'SELECT request_hash AS requestHash, state, reply, created_at AS createdAt FROM idempotency_keys WHERE user_id = ? AND key = ?',
    ),
    complete: db.prepare("UPDATE idempotency_keys SET state = 'done', reply = ? WHERE user_id = ? AND key = ?"),
    insertDone: db.prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, state, reply, created_at) VALUES (?, ?, ?, 'done', ?, ?)
       ON CONFLICT (user_id, key) DO NOTHING`,
    ),
    remove: db.prepare('DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?'),
    removeRunning: db.prepare("DELETE FROM idempotency_keys WHERE state = 'running'"),
    removeOlderThan: db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?'),
  };
  return {
    transaction: (fn) => db.transaction(fn)(),
    claim: (userId, key, hash, now) => q.claim.run(userId, key, hash, now).changes === 1,
    get: (userId, key) => q.get.get(userId, key) as KeyRow | undefined,
    complete: (userId, key, reply) => void q.complete.run(reply, userId, key),
    insertDone: (userId, key, hash, reply, now) => q.insertDone.run(userId, key, hash, reply, now).changes === 1,
    remove: (userId, key) => void q.remove.run(userId, key),
    removeRunning: () => q.removeRunning.run().changes,
    removeOlderThan: (time) => q.removeOlderThan.run(time).changes,
  };
}
