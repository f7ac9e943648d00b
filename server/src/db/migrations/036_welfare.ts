/**
 * The welfare centre (WEL rules in docs/spec/rewards.md). `welfare_claims`: one row per paid reward, UNIQUE per
 * user and task (WEL-2: paid once however often it is claimed), written in the same transaction as its journal
 * row (kind `welfare`, WEL-3); the rows are also the deposit bonuses `recharge/bonsList` lists.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE welfare_claims (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      task TEXT NOT NULL,
      coin TEXT NOT NULL,
      amount TEXT NOT NULL,
      done_at INTEGER NOT NULL,
      claimed_at INTEGER NOT NULL,
      journal_id INTEGER NOT NULL REFERENCES ledger_journal(id),
      UNIQUE (user_id, task)
    );
    CREATE INDEX welfare_claims_user ON welfare_claims(user_id, claimed_at);
  `);
}
