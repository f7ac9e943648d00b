/**
 * The SQL of the one settlement log (`settlement_trades`, migration 043): the published trades second contracts
 * and options settle from (SEC-14). No rules here (job.ts, settle.ts).
 */
import type Database from 'better-sqlite3';
import type { LoggedTrade } from './settle';

/** A row of the trade log. */
export interface LogRow {
  symbol: string;
  id: number;
  time: number;
  price: string;
}

export interface SettlementStore {
  /** Appends trades to the log in the order given, in one transaction. */
  insertTrades(rows: readonly LogRow[]): void;
  /** The last logged trade of `symbol` (by time, then by insertion). */
  lastTrade(symbol: string): LoggedTrade | undefined;
  /** The last logged trade of `symbol` with from <= time <= to (by time, then by insertion). */
  lastTradeBetween(symbol: string, from: number, to: number): LoggedTrade | undefined;
  /** Every logged trade of `symbol`, by time then insertion (tests and audits). */
  trades(symbol: string): LoggedTrade[];
  /** Symbols with logged trades. */
  loggedSymbols(): string[];
  /** Deletes `symbol`'s logged trades older than `before`; returns how many. */
  pruneTrades(symbol: string, before: number): number;
}

export function sqliteSettlementStore(db: Database.Database): SettlementStore {
  const q = {
    insertTrade: db.prepare('INSERT INTO settlement_trades (symbol, tape_id, time, price) VALUES (?, ?, ?, ?)'),
    lastTrade: db.prepare(
      `SELECT tape_id AS id, time, price FROM settlement_trades WHERE symbol = ? ORDER BY time DESC, seq DESC LIMIT 1`,
    ),
    lastBetween: db.prepare(
      `SELECT tape_id AS id, time, price FROM settlement_trades WHERE symbol = ? AND time >= ? AND time <= ?
       ORDER BY time DESC, seq DESC LIMIT 1`,
    ),
    trades: db.prepare('SELECT tape_id AS id, time, price FROM settlement_trades WHERE symbol = ? ORDER BY time, seq'),
    loggedSymbols: db.prepare('SELECT DISTINCT symbol FROM settlement_trades'),
    prune: db.prepare('DELETE FROM settlement_trades WHERE symbol = ? AND time < ?'),
  };
  const insertTrades = db.transaction((rows: readonly LogRow[]) => {
    for (const r of rows) q.insertTrade.run(r.symbol, r.id, r.time, r.price);
  });
  return {
    insertTrades: (rows) => {
      if (rows.length) insertTrades(rows);
    },
    lastTrade: (symbol) => q.lastTrade.get(symbol) as LoggedTrade | undefined,
    lastTradeBetween: (symbol, from, to) => q.lastBetween.get(symbol, from, to) as LoggedTrade | undefined,
    trades: (symbol) => q.trades.all(symbol) as LoggedTrade[],
    loggedSymbols: () => (q.loggedSymbols.all() as { symbol: string }[]).map((r) => r.symbol),
    pruneTrades: (symbol, before) => q.prune.run(symbol, before).changes,
  };
}
