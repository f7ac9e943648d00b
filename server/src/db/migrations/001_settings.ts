/**
 * Platform settings (spec 3.3): one row per setting key, the value as JSON validated against its schema in
 * src/shared/schemas/settings.ts when written (seed, scripts). Operators change a row with the settings CLI
 * (README "Configuration").
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL CHECK (json_valid(value)),
      updated_at INTEGER NOT NULL
    );
  `);
}
