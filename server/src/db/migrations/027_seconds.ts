/**
 * Second contracts (SEC-1..12 in docs/spec/trading.md): the periods (seeded with five, 30 s to 5 min), the
 * orders with their entry and exit evidence, and the log of published trades they settle from (symbols with open
 * contracts only, kept for a retention window). An order's stake is a ledger hold (`hold_id`, set in the
 * transaction that inserts the row); its settlement's journal rows are written in the same transaction as the
 * row's change from open to settled (`settle_journal_id`: the last of them).
 */
import type Database from 'better-sqlite3';

/** The seeded periods: seconds, payout ratio, minimum and maximum stake in USDT. */
const PERIODS: [number, string, string, string][] = [
  [30, '0.8', '10', '50000'],
  [60, '0.82', '10', '50000'],
  [120, '0.85', '10', '50000'],
  [180, '0.87', '10', '50000'],
  [300, '0.9', '10', '50000'],
];

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE second_periods (
      id INTEGER PRIMARY KEY,
      seconds INTEGER NOT NULL CHECK (seconds > 0),
      ratio TEXT NOT NULL,
      min_amount TEXT NOT NULL,
      max_amount TEXT NOT NULL,
      status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
      sort INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE second_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      symbol TEXT NOT NULL,
      direction TEXT NOT NULL CHECK (direction IN ('up', 'down')),
      amount TEXT NOT NULL,
      coin TEXT NOT NULL,
      period_id INTEGER NOT NULL REFERENCES second_periods(id),
      period INTEGER NOT NULL,
      ratio TEXT NOT NULL,
      open_time INTEGER NOT NULL,
      close_time INTEGER NOT NULL,
      entry_id INTEGER NOT NULL,
      entry_time INTEGER NOT NULL,
      entry_price TEXT NOT NULL,
      hold_id INTEGER REFERENCES ledger_holds(id),
      status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
      result TEXT CHECK (result IN ('win', 'lose', 'draw')),
      exit_id INTEGER,
      exit_time INTEGER,
      exit_price TEXT,
      payout TEXT,
      settle_time INTEGER,
      settle_journal_id INTEGER REFERENCES ledger_journal(id),
      client_order_id TEXT,
      UNIQUE (user_id, client_order_id)
    );
    CREATE INDEX second_orders_user ON second_orders(user_id, status, id);
    CREATE INDEX second_orders_due ON second_orders(status, close_time);
    CREATE TABLE second_trades (
      seq INTEGER PRIMARY KEY,
      symbol TEXT NOT NULL,
      tape_id INTEGER NOT NULL,
      time INTEGER NOT NULL,
      price TEXT NOT NULL
    );
    CREATE INDEX second_trades_symbol_time ON second_trades(symbol, time);
  `);
  const ins = db.prepare(
    'INSERT INTO second_periods (seconds, ratio, min_amount, max_amount, status, sort) VALUES (?, ?, ?, ?, 1, ?)',
  );
  PERIODS.forEach(([s, r, min, max], i) => ins.run(s, r, min, max, i + 1));
}
