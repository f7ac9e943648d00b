/** The SQL of spot orders and fills (migration 028_spot). */
import type Database from 'better-sqlite3';
import { TxCache } from '../db/txCache';
import type { SpotOrderStatus } from '../../../src/shared/schemas/trading';

export interface OrderRow {
  id: number;
  userId: number;
  clientOrderId: string | null;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string;
  amount: string;
  filled: string;
  filledTotal: string;
  fee: string;
  status: SpotOrderStatus;
  cancelReason: 'user' | 'market' | 'selfTrade' | null;
  holdId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface FillRow {
  id: number;
  orderId: number;
  userId: number;
  symbol: string;
  side: 'buy' | 'sell';
  role: 'maker' | 'taker';
  price: string;
  amount: string;
  total: string;
  fee: string;
  tradeId: number;
  time: number;
  journalId: number;
}

const ORDER_COLS = `id, user_id AS userId, client_order_id AS clientOrderId, symbol, side, type, price, amount, filled,
  filled_total AS filledTotal, fee, status, cancel_reason AS cancelReason, hold_id AS holdId, created_at AS createdAt,
  updated_at AS updatedAt`;
const FILL_COLS = `id, order_id AS orderId, user_id AS userId, symbol, side, role, price, amount, total, fee,
  trade_id AS tradeId, time, journal_id AS journalId`;
const OPEN = "('open', 'partiallyFilled')";
const DONE = "('filled', 'cancelled')";

export interface SpotStore {
  insertOrder(row: Omit<OrderRow, 'id' | 'filled' | 'filledTotal' | 'fee' | 'cancelReason' | 'holdId'>): number;
  setHold(id: number, holdId: number): void;
  order(id: number): OrderRow | undefined;
  byClientId(userId: number, clientOrderId: string): OrderRow | undefined;
  update(row: Pick<OrderRow, 'id' | 'filled' | 'filledTotal' | 'fee' | 'status' | 'cancelReason' | 'updatedAt'>): void;
  insertFill(row: Omit<FillRow, 'id'>): void;
  page(
    userId: number,
    open: boolean,
    symbol: string | undefined,
    limit: number,
    offset: number,
  ): { total: number; rows: OrderRow[] };
  /** The user's fills, newest first; `window` keeps those with from <= time < to (either end optional). */
  fills(
    userId: number,
    symbol: string | undefined,
    limit: number,
    offset: number,
    window?: { from?: number; to?: number },
  ): { total: number; rows: FillRow[] };
  /** Every open order, oldest first (to put back into the books after a restart). */
  openOrders(): OrderRow[];
}

export function sqliteSpotStore(db: Database.Database): SpotStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO spot_orders (user_id, client_order_id, symbol, side, type, price, amount, status, created_at, updated_at)
       VALUES (@userId, @clientOrderId, @symbol, @side, @type, @price, @amount, @status, @createdAt, @updatedAt)`,
    ),
    setHold: db.prepare('UPDATE spot_orders SET hold_id = ? WHERE id = ?'),
    order: db.prepare(`SELECT ${ORDER_COLS} FROM spot_orders WHERE id = ?`),
    byClient: db.prepare(`SELECT ${ORDER_COLS} FROM spot_orders WHERE user_id = ? AND client_order_id = ?`),
    update: db.prepare(
      `UPDATE spot_orders SET filled = @filled, filled_total = @filledTotal, fee = @fee, status = @status,
       cancel_reason = @cancelReason, updated_at = @updatedAt WHERE id = @id`,
    ),
    insertFill: db.prepare(
      `INSERT INTO spot_fills (order_id, user_id, symbol, side, role, price, amount, total, fee, trade_id, time, journal_id)
       VALUES (@orderId, @userId, @symbol, @side, @role, @price, @amount, @total, @fee, @tradeId, @time, @journalId)`,
    ),
    openOrders: db.prepare(`SELECT ${ORDER_COLS} FROM spot_orders WHERE status IN ${OPEN} ORDER BY id`),
  };
  const pageQ = (open: boolean, bySymbol: boolean) => {
    const where = `user_id = @userId AND status IN ${open ? OPEN : DONE}${bySymbol ? ' AND symbol = @symbol' : ''}`;
    return {
      count: db.prepare(`SELECT count(*) AS n FROM spot_orders WHERE ${where}`),
      rows: db.prepare(
        `SELECT ${ORDER_COLS} FROM spot_orders WHERE ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
      ),
    };
  };
  const pages = [pageQ(false, false), pageQ(false, true), pageQ(true, false), pageQ(true, true)];
  const fillQ = (bySymbol: boolean) => {
    const where = `user_id = @userId${bySymbol ? ' AND symbol = @symbol' : ''}
      AND (@from IS NULL OR time >= @from) AND (@to IS NULL OR time < @to)`;
    return {
      count: db.prepare(`SELECT count(*) AS n FROM spot_fills WHERE ${where}`),
      rows: db.prepare(
        `SELECT ${FILL_COLS} FROM spot_fills WHERE ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
      ),
    };
  };
  const fillPages = [fillQ(false), fillQ(true)];
  // CORE-8: the orders written or read in a transaction (a core batch) are answered from memory for the rest of it.
  const rows = new TxCache<OrderRow>(db);
  const loadOrder = (id: number) => q.order.get(id) as OrderRow | undefined;
  return {
    insertOrder: (row) => {
      const id = Number(q.insert.run(row).lastInsertRowid);
      // The row as stored: the columns' defaults for what the insert leaves out.
      rows.set(id, { ...row, id, filled: '0', filledTotal: '0', fee: '0', cancelReason: null, holdId: null });
      return id;
    },
    setHold: (id, holdId) => {
      q.setHold.run(holdId, id);
      const r = rows.get(id);
      if (r) rows.set(id, { ...r, holdId });
    },
    order: (id) => rows.read(id, loadOrder),
    byClientId: (userId, cid) => q.byClient.get(userId, cid) as OrderRow | undefined,
    update: (row) => {
      q.update.run(row);
      const r = rows.get(row.id);
      if (r) rows.set(row.id, { ...r, ...row });
    },
    insertFill: (row) => void q.insertFill.run(row),
    page(userId, open, symbol, limit, offset) {
      const p = pages[(open ? 2 : 0) + (symbol ? 1 : 0)];
      const args = { userId, symbol, limit, offset };
      return {
        total: (p.count.get(args) as { n: number }).n,
        rows: p.rows.all(args) as OrderRow[],
      };
    },
    fills(userId, symbol, limit, offset, window = {}) {
      const p = fillPages[symbol ? 1 : 0];
      const args = { userId, symbol, limit, offset, from: window.from ?? null, to: window.to ?? null };
      return { total: (p.count.get(args) as { n: number }).n, rows: p.rows.all(args) as FillRow[] };
    },
    openOrders: () => q.openOrders.all() as OrderRow[],
  };
}
