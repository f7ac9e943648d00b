/**
 * Proxy investing (PROXY rules in docs/spec/proxy.md). `proxy_agents`: users who joined the agent programme, with
 * their code (8 upper-case letters and digits, unique). `proxy_links`: which agent a customer invests through
 * (one row per customer, never changed). `proxy_commissions`: one row per interest payment to a linked customer
 * (PROXY-3: `interest_ref` = the interest's journal reference, unique, so a payment is counted once), with the
 * commission, its value in USDT at the time (PROXY-9) and the journal row that paid it (null when it rounded to 0).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE proxy_agents (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      code TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE proxy_links (
      customer_id INTEGER PRIMARY KEY REFERENCES users(id),
      agent_id INTEGER NOT NULL REFERENCES proxy_agents(user_id),
      linked_at INTEGER NOT NULL
    );
    CREATE INDEX proxy_links_agent ON proxy_links(agent_id, linked_at);
    CREATE TABLE proxy_commissions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id INTEGER NOT NULL REFERENCES proxy_agents(user_id),
      customer_id INTEGER NOT NULL REFERENCES users(id),
      interest_ref TEXT NOT NULL UNIQUE,
      coin TEXT NOT NULL,
      interest TEXT NOT NULL,
      commission TEXT NOT NULL,
      interest_usdt TEXT NOT NULL,
      commission_usdt TEXT NOT NULL,
      day INTEGER NOT NULL,
      time INTEGER NOT NULL,
      journal_id INTEGER REFERENCES ledger_journal(id)
    );
    CREATE INDEX proxy_commissions_agent ON proxy_commissions(agent_id, time);
  `);
}
