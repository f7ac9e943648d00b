/**
 * Opens the embedded database `${dataDir}/exchange.db`: WAL journal, foreign keys on, a busy timeout,
 * then applies pending migrations. `closeDatabase` checkpoints the WAL so the file is whole on its own.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, type MigrationLog } from './migrate';

export const DB_FILE = 'exchange.db';

export async function openDatabase(dataDir: string, log?: MigrationLog): Promise<Database.Database> {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    await migrate(db, log);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Checkpoints and truncates the WAL, then closes. Safe to call twice. */
export function closeDatabase(db: Database.Database): void {
  if (!db.open) return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
