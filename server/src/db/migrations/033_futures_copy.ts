/**
 * Copy trading's copied positions (COPY-5): `copy_of` on futures orders and positions names the lead trader a
 * follower's order or position mirrors (0 = the user's own). A copied position is kept apart from the user's own
 * position in the same pair and side, so the one-open-position index takes `copy_of` too.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE futures_orders ADD COLUMN copy_of INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE futures_positions ADD COLUMN copy_of INTEGER NOT NULL DEFAULT 0;
    DROP INDEX futures_positions_one_open;
    CREATE UNIQUE INDEX futures_positions_one_open ON futures_positions(user_id, symbol, side, copy_of)
      WHERE status = 'open';
    CREATE INDEX futures_positions_copy ON futures_positions(copy_of, status) WHERE copy_of <> 0;
  `);
}
