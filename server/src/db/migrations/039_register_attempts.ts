/**
 * Registration attempts per client address (SAFE-7): one row per register call that reached the password
 * hash, read by the registration limit (`identity/limits.ts`) and kept one hour.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE register_attempts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ip TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX register_attempts_ip ON register_attempts(ip, at);
  `);
}
