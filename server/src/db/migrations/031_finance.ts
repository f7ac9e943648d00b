/**
 * Finance products (FIN rules in docs/spec/finance.md). `finance_products`: the catalogue, seeded here (FIN-1).
 * `finance_holdings`: one row per subscription; the principal sits in the user's finance account under the hold
 * `hold_id` until redeemed or matured; `next_day` is the first UTC day not yet settled (a speed-up for the daily
 * run, not its guard). `finance_interest`: one row per (holding, UTC day) of interest, UNIQUE, written in the same
 * ledger transaction as the payment (settlement type 1) or as the accrual (type 2, paid at the end with
 * `journal_id` set then): the daily run's idempotency (FIN-3). `finance_events`: the user's history.
 */
import type Database from 'better-sqlite3';

const SEED: [string, string, string, number, string, string, string, string, string, number][] = [
  // coin, name, kind, termDays, apr, min, max, quota, earlyRedeem, autoRenewAllowed
  ['USDT', 'USDT Flexible', 'flexible', 0, '0.03', '10', '100000', '1000000', 'anytime', 0],
  ['USDT', 'USDT 7 days', 'fixed', 7, '0.05', '10', '100000', '1000000', 'forfeit', 1],
  ['USDT', 'USDT 30 days', 'fixed', 30, '0.08', '10', '100000', '1000000', 'forfeit', 1],
  ['USDT', 'USDT 90 days', 'fixed', 90, '0.12', '10', '100000', '1000000', 'none', 1],
  ['BTC', 'BTC Flexible', 'flexible', 0, '0.01', '0.001', '10', '100', 'anytime', 0],
  ['ETH', 'ETH 30 days', 'fixed', 30, '0.04', '0.01', '200', '2000', 'forfeit', 1],
];

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE finance_products (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      coin TEXT NOT NULL,
      name TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('flexible', 'fixed')),
      term_days INTEGER NOT NULL CHECK (term_days >= 0),
      apr TEXT NOT NULL,
      min_amount TEXT NOT NULL,
      max_amount TEXT NOT NULL,
      quota TEXT NOT NULL,
      early_redeem TEXT NOT NULL CHECK (early_redeem IN ('anytime', 'forfeit', 'none')),
      auto_renew_allowed INTEGER NOT NULL DEFAULT 0,
      enabled INTEGER NOT NULL DEFAULT 1,
      sort INTEGER NOT NULL DEFAULT 0,
      CHECK ((kind = 'flexible') = (term_days = 0))
    );
    CREATE TABLE finance_holdings (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      product_id INTEGER NOT NULL REFERENCES finance_products(id),
      coin TEXT NOT NULL,
      apr TEXT NOT NULL,
      principal TEXT NOT NULL,
      settlement_type INTEGER NOT NULL CHECK (settlement_type IN (1, 2)),
      subscribed_at INTEGER NOT NULL,
      interest_from INTEGER NOT NULL,
      matures_at INTEGER,
      term INTEGER NOT NULL DEFAULT 1,
      next_day INTEGER NOT NULL,
      auto_renew INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('active', 'redeemed', 'matured')),
      ended_at INTEGER,
      hold_id INTEGER
    );
    CREATE INDEX finance_holdings_user ON finance_holdings(user_id, status, id);
    CREATE INDEX finance_holdings_product ON finance_holdings(product_id, status);
    CREATE INDEX finance_holdings_due ON finance_holdings(status, next_day);
    CREATE TABLE finance_interest (
      holding_id INTEGER NOT NULL REFERENCES finance_holdings(id),
      day INTEGER NOT NULL,
      amount TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('paid', 'accrued', 'forfeited')),
      journal_id INTEGER,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (holding_id, day)
    );
    CREATE TABLE finance_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      holding_id INTEGER NOT NULL REFERENCES finance_holdings(id),
      time INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('subscribe', 'interest', 'redeem', 'mature', 'renew')),
      amount TEXT NOT NULL,
      day INTEGER
    );
    CREATE INDEX finance_events_user ON finance_events(user_id, id);
  `);
  const ins = db.prepare(
    `INSERT INTO finance_products (coin, name, kind, term_days, apr, min_amount, max_amount, quota, early_redeem,
     auto_renew_allowed, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  SEED.forEach((p, i) => ins.run(...p, i + 1));
}
