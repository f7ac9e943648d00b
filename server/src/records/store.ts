/** The records module's own SQL: which spot pairs exist (listed, open or not), to refuse an unknown filter. */
import type Database from 'better-sqlite3';

export interface RecordsStore {
  /** The pair is in the spot list (coin_spot), whether trading is on or off. */
  spotPairListed(symbol: string): boolean;
}

export function sqliteRecordsStore(db: Database.Database): RecordsStore {
  const spot = db.prepare('SELECT 1 AS x FROM coin_spot WHERE symbol = ?');
  return { spotPairListed: (symbol) => spot.get(symbol) !== undefined };
}
