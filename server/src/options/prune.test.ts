/**
 * OPT-7: the option trade log's retention, on the migrated schema in memory with the one settlement job's `prune` (the
 * options' adapter plugged in) and a hand-made log: per pair, what an open option can still settle at is kept (the last
 * trade at or before the earliest open expiry, and every trade after it), the rest goes once older than the retention
 * window; a pair without open options stops being logged.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import type { Ledger } from '../ledger/service';
import { SettlementJob } from '../settlement/job';
import { sqliteSettlementStore, type SettlementStore } from '../settlement/store';
import { TradeLog } from '../settlement/tradeLog';
import { TRADE_LOG_RETENTION_MS } from './jobs';
import { Options } from './service';
import { sqliteOptionsStore, type NewOrder, type OptionsStore } from './store';

const T0 = Date.UTC(2026, 0, 1, 12);
const MIN = 60_000;
let db: Database.Database;
let store: OptionsStore;
let logStore: SettlementStore;

beforeAll(async () => {
  db = new Database(':memory:');
  await migrate(db);
  // the orders here belong to no user (the log's retention does not look at users)
  db.pragma('foreign_keys = OFF');
  store = sqliteOptionsStore(db);
  logStore = sqliteSettlementStore(db);
});
afterAll(() => db.close());

function order(symbol: string, expiry: number, entryTime: number): NewOrder {
  return {
    userId: 1,
    clientOrderId: null,
    quoteId: `${symbol}-${expiry}-${entryTime}`,
    symbol,
    kind: 'call',
    tenor: '5m',
    expiry,
    strike: '100.00',
    quantity: '1',
    unitPremium: '1.00',
    premium: '1.000000',
    fee: '0.010000',
    spot: '100.00',
    volatility: '0.5000',
    createTime: entryTime,
    entryId: 1,
    entryTime,
    entryPrice: '100.00',
  };
}

describe('[OPT-7] the trade log keeps what open options can settle at', () => {
  it('[OPT-7] drops trades before the last one at or before the earliest open expiry once out of the window; unwatched pairs go whole', () => {
    // one trade a minute on two pairs for 40 minutes
    const rows = [];
    for (let i = 0; i <= 40; i++)
      for (const symbol of ['aaausdt', 'bbbusdt'])
        rows.push({ symbol, id: i + 1, time: T0 + i * MIN, price: `${100 + i}.00` });
    logStore.insertTrades(rows);
    // aaa: open options expiring at minute 10 + 30 s and at minute 35; bbb: none
    store.insertOrder(order('aaausdt', T0 + 10 * MIN + 30_000, T0));
    store.insertOrder(order('aaausdt', T0 + 35 * MIN, T0 + 5 * MIN));
    const log = new TradeLog(logStore, (fn) => fn());
    const clock = { now: () => T0 + 40 * MIN };
    const settlement = new SettlementJob({
      store: logStore,
      tradeLog: log,
      ledger: {} as Ledger,
      clock,
      defer: (fn) => fn(),
    });
    const options = new Options({
      store,
      settlement,
      ledger: {} as Ledger,
      clock,
      quoteTtlMs: 10_000,
      lastTrade: () => undefined,
      closes: () => [],
      scales: () => undefined,
      newId: () => 'x',
      defer: (fn) => fn(),
    });
    settlement.add(options.adapter());
    expect(log.isWatched('aaausdt')).toBe(true);
    expect(log.isWatched('bbbusdt')).toBe(false);
    const now = T0 + 40 * MIN;
    const removed = options.prune(now);
    const times = (s: string) => logStore.trades(s).map((t) => (t.time - T0) / MIN);
    // aaa: minute 10 is the last trade at or before the earliest expiry: kept, and everything after it
    expect(times('aaausdt')).toEqual(Array.from({ length: 31 }, (_, i) => i + 10));
    // bbb: only the retention window
    const from = (now - TRADE_LOG_RETENTION_MS - T0) / MIN;
    expect(times('bbbusdt')).toEqual(Array.from({ length: 40 - from + 1 }, (_, i) => i + from));
    expect(removed).toBe(10 + from);
    // the earliest option settles: from then on the next expiry decides, still within the window's bound
    db.prepare("UPDATE option_orders SET status = 'settled' WHERE expiry = ?").run(T0 + 10 * MIN + 30_000);
    options.prune(now);
    expect(times('aaausdt')[0]).toBe(from);
    // later, with the other settled too, only the window is kept
    db.prepare("UPDATE option_orders SET status = 'settled'").run();
    options.prune(now + 30 * MIN);
    expect(times('aaausdt')).toEqual([]);
    expect(log.isWatched('aaausdt')).toBe(false);
  });
});
