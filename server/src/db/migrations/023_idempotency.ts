/**
 * Idempotency keys of money-moving requests (IDEM-1..4): per user and key, the hash of the first request, its
 * state (running, done) and the stored reply; pruned after 24 hours by a scheduler job.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE idempotency_keys (
      user_id INTEGER NOT NULL REFERENCES users(id),
      key TEXT NOT NULL,
      request_hash TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('running','done')),
      reply TEXT,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, key)
    );
    CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);
  `);
}
