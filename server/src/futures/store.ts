/** The SQL of futures orders, positions, take-profit/stop-loss entries, records and funding rounds (029_futures, 042_funding_marks). */
import type Database from 'better-sqlite3';
import { TxCache } from '../db/txCache';
import type { FuturesOrderStatus, PositionStatus } from '../../../src/shared/schemas/futures';
import type { FuturesRecord } from '../../../src/shared/schemas/records';

export interface OrderRow {
  id: number;
  userId: number;
  clientOrderId: string | null;
  symbol: string;
  side: 'long' | 'short';
  action: 'open' | 'close';
  type: 'limit' | 'market';
  /** The limit price, or a market order's protection price. */
  price: string;
  /** The price the hold was computed at (FUT-13). */
  holdPrice: string;
  shares: string;
  filledShares: string;
  /** Exact sum of quantity x price of the fills. */
  filledNotional: string;
  leverage: number;
  holdId: number | null;
  /** What the hold was at the start (margin + fee at the hold price). */
  held: string;
  fee: string;
  margin: string;
  realisedPnl: string;
  takeProfit: string | null;
  stopLoss: string | null;
  /** 'copy' is stored as 'user' (the table's CHECK predates it); copy_of tells a copy apart. */
  origin: 'user' | 'takeProfit' | 'stopLoss' | 'copy';
  /** Copy trading (COPY-5): the lead trader this order mirrors; 0 = the user's own. */
  copyOf: number;
  positionId: number | null;
  status: FuturesOrderStatus;
  cancelReason: 'user' | 'market' | 'selfTrade' | 'positionClosed' | null;
  createdAt: number;
  updatedAt: number;
}

export interface PositionRow {
  id: number;
  userId: number;
  symbol: string;
  side: 'long' | 'short';
  leverage: number;
  shares: string;
  entryPrice: string;
  margin: string;
  liquidationPrice: string;
  holdId: number | null;
  takeProfit: string | null;
  stopLoss: string | null;
  lossId: number | null;
  closingShares: string;
  realisedPnl: string;
  fees: string;
  funding: string;
  status: PositionStatus;
  closePrice: string | null;
  /** JSON of the MarkTick that liquidated it. */
  liquidation: string | null;
  createdAt: number;
  updatedAt: number;
  closeTime: number | null;
  /** Copy trading (COPY-5): the lead trader this position mirrors; 0 = the user's own. */
  copyOf: number;
}

export interface LossRow {
  id: number;
  userId: number;
  positionId: number;
  symbol: string;
  side: 'long' | 'short';
  takeProfit: string | null;
  stopLoss: string | null;
  status: 'active' | 'triggered' | 'cancelled';
  triggeredBy: 'takeProfit' | 'stopLoss' | null;
  trigger: string | null;
  createdAt: number;
  updatedAt: number;
}

export type RecordRow = Omit<FuturesRecord, 'id'> & { id: number; userId: number; journalId: number | null };

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
const cols = (keys: string[]) => keys.map((k) => (snake(k) === k ? k : `${snake(k)} AS ${k}`)).join(', ');

const ORDER_KEYS = [
  'id',
  'userId',
  'clientOrderId',
  'symbol',
  'side',
  'action',
  'type',
  'price',
  'holdPrice',
  'shares',
  'filledShares',
  'filledNotional',
  'leverage',
  'holdId',
  'held',
  'fee',
  'margin',
  'realisedPnl',
  'takeProfit',
  'stopLoss',
  'origin',
  'copyOf',
  'positionId',
  'status',
  'cancelReason',
  'createdAt',
  'updatedAt',
];
const POSITION_KEYS = [
  'id',
  'userId',
  'symbol',
  'side',
  'leverage',
  'shares',
  'entryPrice',
  'margin',
  'liquidationPrice',
  'holdId',
  'takeProfit',
  'stopLoss',
  'lossId',
  'closingShares',
  'realisedPnl',
  'fees',
  'funding',
  'status',
  'closePrice',
  'liquidation',
  'createdAt',
  'updatedAt',
  'closeTime',
  'copyOf',
];
const LOSS_KEYS = [
  'id',
  'userId',
  'positionId',
  'symbol',
  'side',
  'takeProfit',
  'stopLoss',
  'status',
  'triggeredBy',
  'trigger',
  'createdAt',
  'updatedAt',
];
const RECORD_KEYS = [
  'id',
  'userId',
  'time',
  'symbol',
  'side',
  'kind',
  'positionId',
  'orderId',
  'tradeId',
  'shares',
  'price',
  'fee',
  'pnl',
  'rate',
  'journalId',
];
const OPEN = "('open', 'partiallyFilled')";
const DONE = "('filled', 'cancelled')";

function insertSql(table: string, keys: string[]): string {
  const k = keys.filter((x) => x !== 'id');
  return `INSERT INTO ${table} (${k.map(snake).join(', ')}) VALUES (${k.map((x) => '@' + x).join(', ')})`;
}
function updateSql(table: string, keys: string[]): string {
  const k = keys.filter((x) => x !== 'id');
  return `UPDATE ${table} SET ${k.map((x) => `${snake(x)} = @${x}`).join(', ')} WHERE id = @id`;
}

export interface Page<T> {
  total: number;
  rows: T[];
}

export function sqliteFuturesStore(db: Database.Database) {
  const O = cols(ORDER_KEYS);
  const P = cols(POSITION_KEYS);
  const L = cols(LOSS_KEYS);
  const R = cols(RECORD_KEYS);
  const q = {
    insertOrder: db.prepare(insertSql('futures_orders', ORDER_KEYS)),
    updateOrder: db.prepare(updateSql('futures_orders', ORDER_KEYS)),
    setHold: db.prepare('UPDATE futures_orders SET hold_id = ? WHERE id = ?'),
    order: db.prepare(`SELECT ${O} FROM futures_orders WHERE id = ?`),
    byClient: db.prepare(`SELECT ${O} FROM futures_orders WHERE user_id = ? AND client_order_id = ?`),
    openOrders: db.prepare(`SELECT ${O} FROM futures_orders WHERE status IN ${OPEN} ORDER BY id`),
    openOrdersOf: db.prepare(
      `SELECT ${O} FROM futures_orders WHERE status IN ${OPEN} AND user_id = ? AND symbol = ? AND side = ? AND copy_of = ? ORDER BY id`,
    ),
    pendingOpens: db.prepare(
      `SELECT shares, filled_shares AS filledShares, leverage FROM futures_orders
       WHERE status IN ${OPEN} AND user_id = ? AND symbol = ? AND side = ? AND copy_of = ? AND action = 'open' ORDER BY id`,
    ),
    insertPosition: db.prepare(insertSql('futures_positions', POSITION_KEYS)),
    updatePosition: db.prepare(updateSql('futures_positions', POSITION_KEYS)),
    position: db.prepare(`SELECT ${P} FROM futures_positions WHERE id = ?`),
    openPosition: db.prepare(
      `SELECT ${P} FROM futures_positions WHERE status = 'open' AND user_id = ? AND symbol = ? AND side = ? AND copy_of = ?`,
    ),
    openPositionsOf: db.prepare(`SELECT ${P} FROM futures_positions WHERE status = 'open' AND user_id = ? ORDER BY id`),
    openPositionsOn: db.prepare(`SELECT ${P} FROM futures_positions WHERE status = 'open' AND symbol = ? ORDER BY id`),
    insertLoss: db.prepare(insertSql('futures_loss', LOSS_KEYS)),
    updateLoss: db.prepare(updateSql('futures_loss', LOSS_KEYS)),
    loss: db.prepare(`SELECT ${L} FROM futures_loss WHERE id = ?`),
    lossesOf: db.prepare(`SELECT ${L} FROM futures_loss WHERE user_id = ? ORDER BY id DESC LIMIT 500`),
    insertRecord: db.prepare(insertSql('futures_records', RECORD_KEYS)),
    round: db.prepare('SELECT rate FROM futures_funding_rounds WHERE symbol = ? AND round_time = ?'),
    insertRound: db.prepare(
      `INSERT INTO futures_funding_rounds (symbol, round_time, rate, paid, received, mark_price, index_price, mark_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
  const page = <T>(table: string, colsSql: string, where: string, order: string) => {
    const count = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`);
    const rows = db.prepare(
      `SELECT ${colsSql} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    );
    return (args: Record<string, unknown>): Page<T> => ({
      total: (count.get(args) as { n: number }).n,
      rows: rows.all(args) as T[],
    });
  };
  const pages = new Map<string, (a: Record<string, unknown>) => Page<unknown>>();
  const memo = <T>(key: string, make: () => (a: Record<string, unknown>) => Page<T>) => {
    let v = pages.get(key);
    if (!v) pages.set(key, (v = make() as (a: Record<string, unknown>) => Page<unknown>));
    return v as (a: Record<string, unknown>) => Page<T>;
  };
  /** Named parameters must all be used by the statement: keep only the ones given. */
  const args = (a: Record<string, unknown>) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined));
  // CORE-8: the orders and positions written or read in a transaction (a core batch) are answered from memory for
  // the rest of it (every column is written by insert and update: the row given is the row stored).
  const orders = new TxCache<OrderRow>(db);
  const positions = new TxCache<PositionRow>(db);
  const loadOrder = (id: number) => q.order.get(id) as OrderRow | undefined;
  const loadPosition = (id: number) => q.position.get(id) as PositionRow | undefined;
  return {
    insertOrder(row: Omit<OrderRow, 'id'>): number {
      const id = Number(q.insertOrder.run(row).lastInsertRowid);
      orders.set(id, { ...row, id });
      return id;
    },
    updateOrder: (row: OrderRow) => {
      q.updateOrder.run(row);
      orders.set(row.id, row);
    },
    /**
     * The hold of an order just placed: one column, so SQLite rewrites none of the table's indexes (the whole-row
     * update rewrote all of them: about half the cost of the insert).
     */
    setHold(id: number, holdId: number): void {
      q.setHold.run(holdId, id);
      const r = orders.get(id);
      if (r) orders.set(id, { ...r, holdId });
    },
    order: (id: number) => orders.read(id, loadOrder),
    byClientId: (userId: number, cid: string) => q.byClient.get(userId, cid) as OrderRow | undefined,
    openOrders: () => q.openOrders.all() as OrderRow[],
    /** Open orders of one position's book (`copyOf` 0 = the user's own, else the lead trader's copies). */
    openOrdersOf: (userId: number, symbol: string, side: string, copyOf = 0) =>
      q.openOrdersOf.all(userId, symbol, side, copyOf) as OrderRow[],
    /**
     * PERF-88: what a new order's check needs of the open orders that open the same position (their shares, what
     * of them filled, their leverage), oldest first: three columns, not the whole row of each, on every order.
     */
    pendingOpens: (userId: number, symbol: string, side: string, copyOf = 0) =>
      q.pendingOpens.all(userId, symbol, side, copyOf) as Pick<OrderRow, 'shares' | 'filledShares' | 'leverage'>[],
    orderPage(userId: number, open: boolean, symbol: string | undefined, limit: number, offset: number) {
      const f = memo<OrderRow>(`o:${open}:${!!symbol}`, () =>
        page<OrderRow>(
          'futures_orders',
          O,
          `user_id = @userId AND status IN ${open ? OPEN : DONE}${symbol ? ' AND symbol = @symbol' : ''}`,
          'id DESC',
        ),
      );
      return f(args({ userId, symbol, limit, offset }));
    },
    insertPosition(row: Omit<PositionRow, 'id'>): number {
      const id = Number(q.insertPosition.run(row).lastInsertRowid);
      positions.set(id, { ...row, id });
      return id;
    },
    updatePosition: (row: PositionRow) => {
      q.updatePosition.run(row);
      positions.set(row.id, row);
    },
    position: (id: number) => positions.read(id, loadPosition),
    openPosition: (userId: number, symbol: string, side: string, copyOf = 0) =>
      q.openPosition.get(userId, symbol, side, copyOf) as PositionRow | undefined,
    openPositionsOf: (userId: number) => q.openPositionsOf.all(userId) as PositionRow[],
    openPositionsOn: (symbol: string) => q.openPositionsOn.all(symbol) as PositionRow[],
    positionPage(userId: number, open: boolean, symbol: string | undefined, limit: number, offset: number) {
      const f = memo<PositionRow>(`p:${open}:${!!symbol}`, () =>
        page<PositionRow>(
          'futures_positions',
          P,
          `user_id = @userId AND status ${open ? "= 'open'" : "IN ('closed', 'liquidated')"}${symbol ? ' AND symbol = @symbol' : ''}`,
          'id DESC',
        ),
      );
      return f(args({ userId, symbol, limit, offset }));
    },
    insertLoss(row: Omit<LossRow, 'id'>): number {
      return Number(q.insertLoss.run(row).lastInsertRowid);
    },
    updateLoss: (row: LossRow) => void q.updateLoss.run(row),
    loss: (id: number) => q.loss.get(id) as LossRow | undefined,
    lossesOf: (userId: number) => q.lossesOf.all(userId) as LossRow[],
    insertRecord: (row: Omit<RecordRow, 'id'>) => void q.insertRecord.run(row),
    recordPage(
      userId: number,
      f: { symbol?: string; from?: number; to?: number },
      limit: number,
      offset: number,
    ): Page<RecordRow> {
      const fn = memo<RecordRow>(`r:${!!f.symbol}:${f.from !== undefined}:${f.to !== undefined}`, () =>
        page<RecordRow>(
          'futures_records',
          R,
          `user_id = @userId${f.symbol ? ' AND symbol = @symbol' : ''}${f.from !== undefined ? ' AND time >= @from' : ''}${f.to !== undefined ? ' AND time < @to' : ''}`,
          'time DESC, id DESC',
        ),
      );
      return fn(args({ userId, symbol: f.symbol || undefined, from: f.from, to: f.to, limit, offset }));
    },
    fundingRound: (symbol: string, time: number) => q.round.get(symbol, time) as { rate: string } | undefined,
    /** One round (FUT-10) with the mark tick it valued the notionals at (FUT-3: the mark and its index). */
    insertFundingRound: (
      symbol: string,
      time: number,
      rate: string,
      paid: string,
      received: string,
      mark: { price: string; index?: string; time: number },
    ) => void q.insertRound.run(symbol, time, rate, paid, received, mark.price, mark.index ?? null, mark.time),
  };
}
export type FuturesStore = ReturnType<typeof sqliteFuturesStore>;
