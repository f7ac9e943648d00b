/**
 * The flash exchange (FX-1..6): quotes kept server-side so an execution uses exactly the quoted price, spread
 * and fee (single use, until `expires_at`), and the executed exchanges (each one journal row of kind `exchange`).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE exchange_quotes (
      id TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      from_coin TEXT NOT NULL,
      to_coin TEXT NOT NULL,
      price TEXT NOT NULL,
      spread TEXT NOT NULL,
      fee TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX exchange_quotes_age ON exchange_quotes(expires_at);
    CREATE TABLE exchanges (
      id TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      quote_id TEXT NOT NULL UNIQUE,
      from_coin TEXT NOT NULL,
      to_coin TEXT NOT NULL,
      amount TEXT NOT NULL,
      receive TEXT NOT NULL,
      fee TEXT NOT NULL,
      price TEXT NOT NULL,
      spread TEXT NOT NULL,
      fee_rate TEXT NOT NULL,
      journal_id INTEGER NOT NULL REFERENCES ledger_journal(id),
      created_at INTEGER NOT NULL
    );
    CREATE INDEX exchanges_user ON exchanges(user_id, created_at);
  `);
}
