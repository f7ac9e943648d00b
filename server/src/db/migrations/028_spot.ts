/**
 * Spot orders (SPOT-*): each order with its hold, what it has filled (amount, the exact quote total and the fee so
 * far) and its state; and each fill, with the public trade it made and its journal row.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE spot_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      client_order_id TEXT,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
      type TEXT NOT NULL CHECK (type IN ('limit', 'market')),
      price TEXT NOT NULL,
      amount TEXT NOT NULL,
      filled TEXT NOT NULL DEFAULT '0',
      filled_total TEXT NOT NULL DEFAULT '0',
      fee TEXT NOT NULL DEFAULT '0',
      status TEXT NOT NULL CHECK (status IN ('open', 'partiallyFilled', 'filled', 'cancelled')),
      cancel_reason TEXT,
      hold_id INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (user_id, client_order_id)
    );
    CREATE INDEX spot_orders_user ON spot_orders(user_id, status, id);
    CREATE INDEX spot_orders_open ON spot_orders(status) WHERE status IN ('open', 'partiallyFilled');
    CREATE TABLE spot_fills (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id INTEGER NOT NULL REFERENCES spot_orders(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      symbol TEXT NOT NULL,
      side TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('maker', 'taker')),
      price TEXT NOT NULL,
      amount TEXT NOT NULL,
      total TEXT NOT NULL,
      fee TEXT NOT NULL,
      trade_id INTEGER NOT NULL,
      time INTEGER NOT NULL,
      journal_id INTEGER NOT NULL REFERENCES ledger_journal(id)
    );
    CREATE INDEX spot_fills_user ON spot_fills(user_id, id);
  `);
}
