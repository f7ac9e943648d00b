/**
 * Texts: notices and rules (ABOUT, TERMS, PRIVACY, HELP articles), one row per id and language.
 * Readers take the request's language and fall back to English per id.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE notices (
      id INTEGER NOT NULL,
      lang TEXT NOT NULL,
      key TEXT NOT NULL,
      modelKey TEXT NOT NULL DEFAULT '',
      title TEXT NOT NULL,
      content TEXT NOT NULL,
      sort INTEGER NOT NULL DEFAULT 0,
      createTime INTEGER NOT NULL,
      PRIMARY KEY (id, lang)
    );
    CREATE INDEX notices_key ON notices (key, modelKey);
    CREATE TABLE rules (
      id INTEGER NOT NULL,
      lang TEXT NOT NULL,
      key TEXT NOT NULL,
      title TEXT NOT NULL,
      content TEXT NOT NULL,
      sort INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (id, lang)
    );
    CREATE INDEX rules_key ON rules (key);
  `);
}
