/** The language dictionary (spec 3.3, 4.5) and the time zone table (4.6). */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE languages (
      dictCode INTEGER PRIMARY KEY,
      dictLabel TEXT NOT NULL,
      dictValue TEXT NOT NULL UNIQUE,
      dictSort INTEGER NOT NULL,
      imgUrl TEXT NOT NULL DEFAULT '',
      isDefault TEXT NOT NULL CHECK (isDefault IN ('Y','N')),
      status INTEGER NOT NULL CHECK (status IN (0,1))
    );
    CREATE TABLE time_zones (
      zoneId TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      offSet TEXT NOT NULL,
      offSetValue REAL NOT NULL,
      sort INTEGER NOT NULL
    );
  `);
}
