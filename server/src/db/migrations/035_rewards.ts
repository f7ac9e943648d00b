/**
 * Invitations and rebates (REB rules in docs/spec/rewards.md). The invitations themselves are `users.invited_by`
 * (migration 020). `rebates`: one row per trading fee and level that paid an inviter (REB-3, REB-4): the fee's
 * reference (unique with the level, so a fee pays each level once), who paid it and who got the share, the fee,
 * the share, the UTC day and the journal row of kind `rebate` that paid it (one per fee).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE rebates (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      fee_ref TEXT NOT NULL,
      level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
      inviter_id INTEGER NOT NULL REFERENCES users(id),
      invitee_id INTEGER NOT NULL REFERENCES users(id),
      source TEXT NOT NULL CHECK (source IN ('spot', 'futures', 'options')),
      coin TEXT NOT NULL,
      fee TEXT NOT NULL,
      amount TEXT NOT NULL,
      day INTEGER NOT NULL,
      time INTEGER NOT NULL,
      journal_id INTEGER NOT NULL REFERENCES ledger_journal(id),
      UNIQUE (fee_ref, level)
    );
    CREATE INDEX rebates_inviter ON rebates(inviter_id, time);
    CREATE INDEX users_invited_by ON users(invited_by);
  `);
}
