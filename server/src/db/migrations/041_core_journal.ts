/**
 * The trading core's command journal and snapshots (CORE-4): every command that changed a book, in order, and
 * the books' whole state every so many commands, checksummed. A start replays the journal after the newest
 * valid snapshot (CORE-5).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE core_journal (
      seq INTEGER PRIMARY KEY,
      at INTEGER NOT NULL,
      entry TEXT NOT NULL
    );
    CREATE TABLE core_snapshots (
      seq INTEGER PRIMARY KEY,
      at INTEGER NOT NULL,
      fingerprint TEXT NOT NULL,
      state TEXT NOT NULL,
      hash TEXT NOT NULL
    );
  `);
}
