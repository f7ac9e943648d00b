/**
 * The SQL of second contracts (migration 027): periods and orders (the log of published trades is the one
 * settlement log, ../settlement/store.ts). No arithmetic and no rules here (service.ts, settle.ts).
 */
import type Database from 'better-sqlite3';
import {
  orderWhere,
  settledParams,
  type EntryColumns,
  type OrderFilterBase,
  type SettledColumns,
  type SettledFields as Settled,
} from '../settlement/product';

export interface PeriodRow {
  id: number;
  seconds: number;
  ratio: string;
  minAmount: string;
  maxAmount: string;
  status: number;
}

export interface NewOrder extends Omit<EntryColumns, 'id'> {
  direction: 'up' | 'down';
  amount: string;
  coin: string;
  periodId: number;
  period: number;
  ratio: string;
  openTime: number;
  closeTime: number;
}

export interface OrderRow extends NewOrder, EntryColumns, SettledColumns {
  holdId: number | null;
  result: 'win' | 'lose' | 'draw' | null;
}

export interface SettledFields extends Settled {
  result: 'win' | 'lose' | 'draw';
  journalId: number;
}

export interface OrderFilter extends OrderFilterBase {
  /** Opened at or after (ms). */
  from?: number;
  /** Opened before (ms). */
  to?: number;
}

export interface SecondsStore {
  periods(): PeriodRow[];
  period(id: number): PeriodRow | undefined;
  /** The pair in the second-contract list (status 1 = open) and in the spot list (enable 1), if listed there. */
  listing(symbol: string): { second?: boolean; spot?: boolean };
  insertOrder(o: NewOrder): number;
  setHold(id: number, holdId: number): void;
  byId(id: number): OrderRow | undefined;
  /** Open orders whose closeTime is before `now`, earliest first. */
  due(now: number, limit: number): OrderRow[];
  /** The earliest closeTime of the open orders. */
  nextClose(): number | undefined;
  /** The earliest closeTime of the open orders at or after `t`. */
  nextCloseAfter(t: number): number | undefined;
  /** Symbols with at least one open order. */
  openSymbols(): string[];
  /** The earliest entry time of the open orders on `symbol` (trades from then on are kept). */
  oldestOpenEntry(symbol: string): number | undefined;
  /** open -> settled; false when the row was not open (settled already). */
  markSettled(id: number, s: SettledFields): boolean;
  list(f: OrderFilter, limit: number, offset: number): OrderRow[];
  count(f: OrderFilter): number;
}

const ORDER_COLS = `id, user_id AS userId, symbol, direction, amount, coin, period_id AS periodId, period, ratio,
  open_time AS openTime, close_time AS closeTime, entry_id AS entryId, entry_time AS entryTime,
  entry_price AS entryPrice, hold_id AS holdId, status, result, exit_id AS exitId, exit_time AS exitTime,
  exit_price AS exitPrice, payout, settle_time AS settleTime, client_order_id AS clientOrderId`;

const where = (f: OrderFilter) =>
  orderWhere(f, [
    ['open_time >= ?', f.from],
    ['open_time < ?', f.to],
  ]);

export function sqliteSecondsStore(db: Database.Database): SecondsStore {
  const q = {
    periods: db.prepare(
      `SELECT id, seconds, ratio, min_amount AS minAmount, max_amount AS maxAmount, status FROM second_periods
       ORDER BY sort, seconds, id`,
    ),
    period: db.prepare(
      `SELECT id, seconds, ratio, min_amount AS minAmount, max_amount AS maxAmount, status FROM second_periods
       WHERE id = ?`,
    ),
    second: db.prepare('SELECT status FROM coin_second WHERE symbol = ?'),
    spot: db.prepare('SELECT enable FROM coin_spot WHERE symbol = ?'),
    insert: db.prepare(
      `INSERT INTO second_orders (user_id, symbol, direction, amount, coin, period_id, period, ratio, open_time,
       close_time, entry_id, entry_time, entry_price, client_order_id) VALUES (@userId, @symbol, @direction, @amount,
       @coin, @periodId, @period, @ratio, @openTime, @closeTime, @entryId, @entryTime, @entryPrice, @clientOrderId)`,
    ),
    setHold: db.prepare('UPDATE second_orders SET hold_id = ? WHERE id = ?'),
    byId: db.prepare(`SELECT ${ORDER_COLS} FROM second_orders WHERE id = ?`),
    due: db.prepare(
      `SELECT ${ORDER_COLS} FROM second_orders WHERE status = 'open' AND close_time < ? ORDER BY close_time, id
       LIMIT ?`,
    ),
    nextClose: db.prepare(`SELECT min(close_time) AS t FROM second_orders WHERE status = 'open'`),
    nextCloseAfter: db.prepare(
      `SELECT min(close_time) AS t FROM second_orders WHERE status = 'open' AND close_time >= ?`,
    ),
    openSymbols: db.prepare(`SELECT DISTINCT symbol FROM second_orders WHERE status = 'open'`),
    oldestOpenEntry: db.prepare(`SELECT min(entry_time) AS t FROM second_orders WHERE status = 'open' AND symbol = ?`),
    settle: db.prepare(
      `UPDATE second_orders SET status = 'settled', result = @result, exit_id = @exitId, exit_time = @exitTime,
       exit_price = @exitPrice, payout = @payout, settle_time = @settleTime, settle_journal_id = @journalId
       WHERE id = @id AND status = 'open'`,
    ),
  };
  return {
    periods: () => q.periods.all() as PeriodRow[],
    period: (id) => q.period.get(id) as PeriodRow | undefined,
    listing(symbol) {
      const s = q.second.get(symbol) as { status: number } | undefined;
      const p = q.spot.get(symbol) as { enable: number } | undefined;
      return { second: s ? s.status === 1 : undefined, spot: p ? p.enable === 1 : undefined };
    },
    insertOrder: (o) => Number(q.insert.run(o).lastInsertRowid),
    setHold: (id, holdId) => void q.setHold.run(holdId, id),
    byId: (id) => q.byId.get(id) as OrderRow | undefined,
    due: (now, limit) => q.due.all(now, limit) as OrderRow[],
    nextClose: () => (q.nextClose.get() as { t: number | null }).t ?? undefined,
    nextCloseAfter: (t) => (q.nextCloseAfter.get(t) as { t: number | null }).t ?? undefined,
    openSymbols: () => (q.openSymbols.all() as { symbol: string }[]).map((r) => r.symbol),
    oldestOpenEntry: (symbol) => (q.oldestOpenEntry.get(symbol) as { t: number | null }).t ?? undefined,
    markSettled: (id, s) => q.settle.run({ ...settledParams(id, s), result: s.result }).changes === 1,
    list(f, limit, offset) {
      const [w, args] = where(f);
      return db
        .prepare(`SELECT ${ORDER_COLS} FROM second_orders WHERE ${w} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .all(...args, limit, offset) as OrderRow[];
    },
    count(f) {
      const [w, args] = where(f);
      return (db.prepare(`SELECT count(*) AS n FROM second_orders WHERE ${w}`).get(...args) as { n: number }).n;
    },
  };
}
