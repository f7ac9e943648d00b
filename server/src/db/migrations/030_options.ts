/**
 * Options (OPT-1..14 in docs/spec/options.md): the firm quotes (OPT-5), the orders with the quote's inputs as
 * their audit and, once settled, the trade they settled at (OPT-6, OPT-8), and the log of published trades of
 * the pairs with open options that settlement reads (OPT-7). A purchase's journal row (`option_buy`, reference the order
 * id) is written in the same transaction as its order's row; a settlement's payout (`option_payout`, when in the money) in the
 * same transaction as the order's change from open to settled.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE option_quotes (
      id TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      symbol TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('call', 'put')),
      tenor TEXT NOT NULL,
      expiry INTEGER NOT NULL,
      strike TEXT NOT NULL,
      quantity TEXT NOT NULL,
      unit_premium TEXT NOT NULL,
      premium TEXT NOT NULL,
      fee TEXT NOT NULL,
      total TEXT NOT NULL,
      spot TEXT NOT NULL,
      volatility TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX option_quotes_expires ON option_quotes(expires_at);
    CREATE TABLE option_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      client_order_id TEXT,
      quote_id TEXT NOT NULL UNIQUE,
      symbol TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('call', 'put')),
      tenor TEXT NOT NULL,
      expiry INTEGER NOT NULL,
      strike TEXT NOT NULL,
      quantity TEXT NOT NULL,
      unit_premium TEXT NOT NULL,
      premium TEXT NOT NULL,
      fee TEXT NOT NULL,
      spot TEXT NOT NULL,
      volatility TEXT NOT NULL,
      create_time INTEGER NOT NULL,
      entry_id INTEGER NOT NULL,
      entry_time INTEGER NOT NULL,
      entry_price TEXT NOT NULL,
      buy_journal_id INTEGER REFERENCES ledger_journal(id),
      status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
      exit_id INTEGER,
      exit_time INTEGER,
      exit_price TEXT,
      payout TEXT,
      settle_time INTEGER,
      settle_journal_id INTEGER REFERENCES ledger_journal(id),
      UNIQUE (user_id, client_order_id)
    );
    CREATE INDEX option_orders_user ON option_orders(user_id, status, id);
    CREATE INDEX option_orders_settled ON option_orders(user_id, status, settle_time);
    CREATE INDEX option_orders_due ON option_orders(status, expiry);
    CREATE TABLE option_trades (
      seq INTEGER PRIMARY KEY,
      symbol TEXT NOT NULL,
      tape_id INTEGER NOT NULL,
      time INTEGER NOT NULL,
      price TEXT NOT NULL
    );
    CREATE INDEX option_trades_symbol_time ON option_trades(symbol, time);
  `);
}
