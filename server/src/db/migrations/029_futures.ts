/**
 * USDT-margined futures (FUT-*): orders (with the hold of an opening order), positions (with the hold of their
 * margin), take-profit and stop-loss entries, the records of record/trading, and one row per funding round so a
 * round is never paid twice (FUT-10).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE futures_positions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('long', 'short')),
      leverage INTEGER NOT NULL,
      shares TEXT NOT NULL,
      entry_price TEXT NOT NULL,
      margin TEXT NOT NULL,
      liquidation_price TEXT NOT NULL,
      hold_id INTEGER,
      take_profit TEXT,
      stop_loss TEXT,
      loss_id INTEGER,
      closing_shares TEXT NOT NULL DEFAULT '0',
      realised_pnl TEXT NOT NULL DEFAULT '0',
      fees TEXT NOT NULL DEFAULT '0',
      funding TEXT NOT NULL DEFAULT '0',
      status TEXT NOT NULL CHECK (status IN ('open', 'closed', 'liquidated')),
      close_price TEXT,
      liquidation TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      close_time INTEGER
    );
    CREATE UNIQUE INDEX futures_positions_one_open ON futures_positions(user_id, symbol, side) WHERE status = 'open';
    CREATE INDEX futures_positions_symbol_open ON futures_positions(symbol) WHERE status = 'open';
    CREATE INDEX futures_positions_user ON futures_positions(user_id, status, id);
    CREATE TABLE futures_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      client_order_id TEXT,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL CHECK (side IN ('long', 'short')),
      action TEXT NOT NULL CHECK (action IN ('open', 'close')),
      type TEXT NOT NULL CHECK (type IN ('limit', 'market')),
      price TEXT NOT NULL,
      hold_price TEXT NOT NULL,
      shares TEXT NOT NULL,
      filled_shares TEXT NOT NULL DEFAULT '0',
      filled_notional TEXT NOT NULL DEFAULT '0',
      leverage INTEGER NOT NULL,
      hold_id INTEGER,
      held TEXT NOT NULL DEFAULT '0',
      fee TEXT NOT NULL DEFAULT '0',
      margin TEXT NOT NULL DEFAULT '0',
      realised_pnl TEXT NOT NULL DEFAULT '0',
      take_profit TEXT,
      stop_loss TEXT,
      origin TEXT NOT NULL CHECK (origin IN ('user', 'takeProfit', 'stopLoss')),
      position_id INTEGER,
      status TEXT NOT NULL CHECK (status IN ('open', 'partiallyFilled', 'filled', 'cancelled')),
      cancel_reason TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (user_id, client_order_id)
    );
    CREATE INDEX futures_orders_user ON futures_orders(user_id, status, id);
    CREATE INDEX futures_orders_open ON futures_orders(status) WHERE status IN ('open', 'partiallyFilled');
    CREATE TABLE futures_loss (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      position_id INTEGER NOT NULL,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL,
      take_profit TEXT,
      stop_loss TEXT,
      status TEXT NOT NULL CHECK (status IN ('active', 'triggered', 'cancelled')),
      triggered_by TEXT,
      trigger TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX futures_loss_user ON futures_loss(user_id, id);
    CREATE TABLE futures_records (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      time INTEGER NOT NULL,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('open', 'close', 'takeProfit', 'stopLoss', 'liquidation', 'funding')),
      position_id INTEGER NOT NULL,
      order_id INTEGER,
      trade_id INTEGER,
      shares TEXT NOT NULL,
      price TEXT,
      fee TEXT NOT NULL,
      pnl TEXT NOT NULL,
      rate TEXT,
      journal_id INTEGER
    );
    CREATE INDEX futures_records_user ON futures_records(user_id, time, id);
    CREATE TABLE futures_funding_rounds (
      symbol TEXT NOT NULL,
      round_time INTEGER NOT NULL,
      rate TEXT NOT NULL,
      paid TEXT NOT NULL,
      received TEXT NOT NULL,
      PRIMARY KEY (symbol, round_time)
    );
  `);
}
