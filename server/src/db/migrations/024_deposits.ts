/**
 * Deposits (DEP-*): each user's deposit address per network (derived from the chain secret, stored so it never
 * changes), the simulated chain (its height and secret), deposits seen on it and payments users declared.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE chain_state (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
    CREATE TABLE deposit_addresses (
      user_id INTEGER NOT NULL REFERENCES users(id),
      network TEXT NOT NULL,
      coin TEXT NOT NULL,
      address TEXT NOT NULL,
      memo TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, network),
      UNIQUE (network, address, memo)
    );
    CREATE TABLE deposits (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      coin TEXT NOT NULL,
      network TEXT NOT NULL,
      address TEXT NOT NULL,
      memo TEXT NOT NULL DEFAULT '',
      amount TEXT NOT NULL,
      tx_hash TEXT NOT NULL UNIQUE,
      confirmations INTEGER NOT NULL CHECK (confirmations >= 0),
      required INTEGER NOT NULL CHECK (required > 0),
      status TEXT NOT NULL CHECK (status IN ('confirming','credited','below_minimum')),
      declared INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX deposits_user ON deposits(user_id, id);
    CREATE INDEX deposits_confirming ON deposits(status) WHERE status = 'confirming';
    CREATE TABLE deposit_declarations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      coin TEXT NOT NULL,
      network TEXT NOT NULL,
      amount TEXT NOT NULL,
      tx_hash TEXT NOT NULL UNIQUE,
      voucher TEXT,
      status TEXT NOT NULL CHECK (status IN ('pending','matched')),
      deposit_id INTEGER REFERENCES deposits(id),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX deposit_declarations_user ON deposit_declarations(user_id, status);
  `);
}
