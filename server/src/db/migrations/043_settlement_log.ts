/**
 * The one settlement log (SEC-14, OPT-16; server/src/settlement/): the published trades that second contracts and
 * options settle from, in one table instead of `second_trades` (migration 027) and `option_trades` (030). The rows of
 * both are carried over once each (a trade both logged is kept once), in publication order: by time, then by tape id
 * (tape ids rise within a run, and two runs never publish in the same millisecond), then by the old order; the old
 * tables are dropped. The evidence on each row needs no new column: `second_orders` and `option_orders` already keep
 * the entry and exit trade (id, time, price), the time settled at (close_time, expiry) and the settlement time.
 */
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE settlement_trades (
      seq INTEGER PRIMARY KEY,
      symbol TEXT NOT NULL,
      tape_id INTEGER NOT NULL,
      time INTEGER NOT NULL,
      price TEXT NOT NULL
    );
    CREATE INDEX settlement_trades_symbol_time ON settlement_trades(symbol, time);
    INSERT INTO settlement_trades (symbol, tape_id, time, price)
      SELECT symbol, tape_id, time, price FROM (
        SELECT symbol, tape_id, time, price, 0 AS src, seq FROM second_trades
        UNION ALL
        SELECT symbol, tape_id, time, price, 1 AS src, seq FROM option_trades o
          WHERE NOT EXISTS (SELECT 1 FROM second_trades s WHERE s.symbol = o.symbol AND s.tape_id = o.tape_id
            AND s.time = o.time AND s.price = o.price)
      ) ORDER BY time, tape_id, src, seq;
    DROP TABLE second_trades;
    DROP TABLE option_trades;
  `);
}
