/**
 * Per-user data of the accounts: uploads, identity verification (KYC), withdraw addresses, watchlist and assets.
 * Every row carries user_id; every query on these tables filters by the caller's id.
 */
import type Database from 'better-sqlite3';

export const id = '021_user_data';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS uploads (
      id TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      file TEXT NOT NULL,
      mime TEXT NOT NULL,
      size INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS uploads_user ON uploads(user_id);
    CREATE TABLE IF NOT EXISTS kyc (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      level TEXT NOT NULL CHECK (level IN ('primary','senior')),
      state TEXT NOT NULL CHECK (state IN ('pending','approved','rejected')),
      real_name TEXT,
      id_card TEXT,
      front_img TEXT,
      back_img TEXT,
      hand_img TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (user_id, level)
    );
    CREATE TABLE IF NOT EXISTS withdraw_addresses (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      type TEXT NOT NULL,
      address TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS withdraw_addresses_user ON withdraw_addresses(user_id, id);
    CREATE TABLE IF NOT EXISTS user_coins (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      coin TEXT NOT NULL,
      symbol TEXT NOT NULL,
      sort INTEGER NOT NULL DEFAULT 0,
      UNIQUE (user_id, symbol)
    );
    CREATE TABLE IF NOT EXISTS user_assets (
      user_id INTEGER NOT NULL REFERENCES users(id),
      account TEXT NOT NULL CHECK (account IN ('platform','finance','contract')),
      coin TEXT NOT NULL,
      available TEXT NOT NULL DEFAULT '0',
      frozen TEXT NOT NULL DEFAULT '0',
      PRIMARY KEY (user_id, account, coin)
    );
  `);
}
