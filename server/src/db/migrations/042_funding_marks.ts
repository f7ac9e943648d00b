/**
 * Funding rounds keep the mark they used (FUT-10, FUT-3): `mark_price` (the mark the notionals were valued at),
 * `index_price` (the index that mark was made from) and `mark_time` (the mark tick's time). Rounds paid before
 * this migration keep NULL: the mark they used was not stored.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE futures_funding_rounds ADD COLUMN mark_price TEXT;
    ALTER TABLE futures_funding_rounds ADD COLUMN index_price TEXT;
    ALTER TABLE futures_funding_rounds ADD COLUMN mark_time INTEGER;
  `);
}
