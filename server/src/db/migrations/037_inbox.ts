/**
 * The inbox (MSG rules in docs/spec/inbox.md). `messages`: one row per message of a user, with its kind, its facts
 * (`params`, a JSON object of strings; no prose, MSG-3), the operator's title and body for announcements, and
 * `source`: what wrote it (e.g. `deposit:c3`, `spot:12:filled`, `announce:4`), unique per user so an event heard
 * twice writes one message (MSG-4). `announcements`: what the operator sent, and to how many.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE announcements (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      audience TEXT NOT NULL CHECK (audience IN ('all', 'users')),
      recipients INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id),
      kind TEXT NOT NULL,
      params TEXT NOT NULL DEFAULT '{}',
      title TEXT NOT NULL DEFAULT '',
      body TEXT NOT NULL DEFAULT '',
      source TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      read_at INTEGER
    );
    CREATE UNIQUE INDEX messages_source ON messages(user_id, source);
    CREATE INDEX messages_user ON messages(user_id, id);
    CREATE INDEX messages_unread ON messages(user_id, id) WHERE read_at IS NULL;
  `);
}
