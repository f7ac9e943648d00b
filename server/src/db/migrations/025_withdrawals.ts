/**
 * Withdrawals (WDR-8..14): one row per submission with its hold in the ledger, its state (pending, then done,
 * rejected or cancelled), the Idempotency-Key it came with (so a client whose reply was lost finds it), and
 * whether the running server has announced its last change on the socket (changes made by the operator CLI
 * in another process are announced by the server's job). Trade password failures (attempt limits).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE withdrawals (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      coin TEXT NOT NULL,
      type TEXT NOT NULL,
      address TEXT NOT NULL,
      amount TEXT NOT NULL,
      fee TEXT NOT NULL,
      total TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending','done','rejected','cancelled')),
      reason TEXT NOT NULL DEFAULT '',
      hold_id INTEGER,
      client_key TEXT,
      announced INTEGER NOT NULL DEFAULT 1,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX withdrawals_user ON withdrawals(user_id, id);
    CREATE INDEX withdrawals_pending ON withdrawals(status, created_at);
    CREATE INDEX withdrawals_unannounced ON withdrawals(announced) WHERE announced = 0;
    CREATE UNIQUE INDEX withdrawals_key ON withdrawals(user_id, client_key) WHERE client_key IS NOT NULL;
    CREATE TABLE trade_pwd_failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX trade_pwd_failures_user ON trade_pwd_failures(user_id, at);
  `);
}
