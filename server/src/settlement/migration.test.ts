/**
 * SEC-14, OPT-16: migration 043 makes the two former trade logs one. On the migrated schema in memory the two old
 * tables are made again with rows (one pair logged by both, overlapping; trades of one millisecond; a pair only
 * options logged), and 043's `up` runs again: every trade is carried over once, in publication order, and the old
 * tables are gone.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { up } from '../db/migrations/043_settlement_log';

describe('[SEC-14][OPT-16] migration 043: one settlement log', () => {
  it('[SEC-14][OPT-16] carries each trade of both logs over once, in publication order, and drops the old tables', async () => {
    const db = new Database(':memory:');
    await migrate(db);
    db.exec(`
      DROP TABLE settlement_trades;
      CREATE TABLE second_trades (seq INTEGER PRIMARY KEY, symbol TEXT NOT NULL, tape_id INTEGER NOT NULL,
        time INTEGER NOT NULL, price TEXT NOT NULL);
      CREATE TABLE option_trades (seq INTEGER PRIMARY KEY, symbol TEXT NOT NULL, tape_id INTEGER NOT NULL,
        time INTEGER NOT NULL, price TEXT NOT NULL);
    `);
    const put = (table: string, rows: [string, number, number, string][]) => {
      const ins = db.prepare(`INSERT INTO ${table} (symbol, tape_id, time, price) VALUES (?, ?, ?, ?)`);
      for (const r of rows) ins.run(...r);
    };
    // btc: seconds logged 5..8, options from 3 (watched earlier) to 7; 3..5 share one millisecond
    put('second_trades', [
      ['btcusdt', 5, 1000, '10.00'],
      ['btcusdt', 6, 1001, '11.00'],
      ['btcusdt', 7, 1002, '12.00'],
      ['btcusdt', 8, 1003, '13.00'],
    ]);
    put('option_trades', [
      ['btcusdt', 3, 1000, '8.00'],
      ['btcusdt', 4, 1000, '9.00'],
      ['btcusdt', 5, 1000, '10.00'],
      ['btcusdt', 6, 1001, '11.00'],
      ['btcusdt', 7, 1002, '12.00'],
      ['ethusdt', 1, 900, '1.00'],
    ]);
    up(db);
    const rows = db
      .prepare('SELECT symbol, tape_id AS id, time, price FROM settlement_trades ORDER BY time, seq')
      .all() as { symbol: string; id: number }[];
    expect(rows.filter((r) => r.symbol === 'btcusdt').map((r) => r.id)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(rows.filter((r) => r.symbol === 'ethusdt').map((r) => r.id)).toEqual([1]);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('second_trades', 'option_trades')")
      .all();
    expect(tables).toEqual([]);
    db.close();
  });
});
