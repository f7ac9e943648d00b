/**
 * Accounts (AUTH rules): users, sessions, sign-in failures, verification codes and the development outbox.
 * Applied by the migration runner (db/migrate.ts) only, like every migration.
 * Times are Unix milliseconds; money columns are exact decimal strings.
 */
import type Database from 'better-sqlite3';

export const id = '020_accounts';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS users (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      uid TEXT NOT NULL UNIQUE,
      register_type TEXT NOT NULL CHECK (register_type IN ('email','phone','account','address')),
      account TEXT UNIQUE COLLATE NOCASE,
      email TEXT UNIQUE COLLATE NOCASE,
      phone TEXT UNIQUE,
      address TEXT UNIQUE,
      nickname TEXT NOT NULL,
      level INTEGER NOT NULL DEFAULT 0,
      credits INTEGER NOT NULL DEFAULT 0,
      invite_code TEXT NOT NULL UNIQUE,
      invited_by INTEGER REFERENCES users(id),
      pwd_hash TEXT,
      trade_pwd_hash TEXT,
      create_time INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS sessions (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);
    CREATE TABLE IF NOT EXISTS login_failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS login_failures_key ON login_failures(scope, key, at);
    CREATE TABLE IF NOT EXISTS verify_codes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      channel TEXT NOT NULL CHECK (channel IN ('email','phone')),
      address TEXT NOT NULL,
      code_type TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      ip TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER,
      wrong_tries INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS verify_codes_addr ON verify_codes(channel, address, created_at);
    CREATE TABLE IF NOT EXISTS dev_outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      channel TEXT NOT NULL,
      address TEXT NOT NULL,
      code_type TEXT NOT NULL,
      code TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS dev_outbox_addr ON dev_outbox(address, id);
  `);
}
