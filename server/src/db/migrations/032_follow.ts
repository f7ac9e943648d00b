/**
 * Copy trading (COPY rules in docs/spec/follow.md). `follow_traders`: lead traders (real accounts; `bot` = one of
 * the reference server's simulated lead traders, COPY-3). `follows`: a follower's settings per lead trader, one
 * row per pair of users (ended follows keep their row for the records). `follow_events`: what happened to a
 * follow (copied, skipped and why, closed, share paid, stopped). `follow_copies`: which of the follower's
 * futures positions mirror which of the lead's, with the lead's shares when copied (for proportional closes) and
 * the profit share once paid (COPY-6: `share_journal` = the journal row, at most one per copy).
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE follow_traders (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      nickname TEXT NOT NULL UNIQUE,
      share_rate TEXT NOT NULL,
      max_followers INTEGER NOT NULL,
      bot INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE follows (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      follower_id INTEGER NOT NULL REFERENCES users(id),
      trader_id INTEGER NOT NULL REFERENCES follow_traders(user_id),
      mode TEXT NOT NULL CHECK (mode IN ('fixed', 'ratio')),
      amount TEXT,
      ratio TEXT,
      max_total TEXT NOT NULL,
      stop_loss TEXT,
      status TEXT NOT NULL CHECK (status IN ('active', 'stopped', 'ended')),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (follower_id, trader_id)
    );
    CREATE INDEX follows_trader ON follows(trader_id, status);
    CREATE TABLE follow_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      follow_id INTEGER NOT NULL REFERENCES follows(id),
      time INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('copied', 'skipped', 'closed', 'share', 'stopped')),
      symbol TEXT,
      message TEXT NOT NULL,
      amount TEXT
    );
    CREATE INDEX follow_events_follow ON follow_events(follow_id, id);
    CREATE TABLE follow_copies (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      follow_id INTEGER NOT NULL REFERENCES follows(id),
      follower_id INTEGER NOT NULL,
      trader_id INTEGER NOT NULL,
      lead_position_id INTEGER NOT NULL,
      position_id INTEGER,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL,
      pnl TEXT,
      share TEXT,
      share_journal INTEGER,
      created_at INTEGER NOT NULL,
      closed_at INTEGER
    );
    CREATE INDEX follow_copies_lead ON follow_copies(lead_position_id);
    CREATE INDEX follow_copies_follower ON follow_copies(follower_id, id);
  `);
}
