/**
 * The SQL of options (migration 030): the option pairs (coin_option), quotes and orders (the log of published
 * trades is the one settlement log, ../settlement/store.ts). No arithmetic and no rules here (service.ts,
 * pricing.ts, settle.ts).
 */
import type Database from 'better-sqlite3';
import type { OptionKind, OptionTenor } from '../../../src/shared/schemas/options';
import {
  orderWhere,
  settledParams,
  type EntryColumns,
  type OrderFilterBase,
  type SettledColumns,
  type SettledFields,
} from '../settlement/product';

export interface OptionPairRow {
  symbol: string;
  feeType: number;
  feeValue: string;
  showFlag: number;
  status: number;
}

/** What a quote and the order bought at it both say: the option, its price and what the price was made of. */
export interface OptionTerms {
  symbol: string;
  kind: OptionKind;
  tenor: OptionTenor;
  expiry: number;
  strike: string;
  quantity: string;
  unitPremium: string;
  premium: string;
  fee: string;
  spot: string;
  volatility: string;
}

export interface QuoteRow extends OptionTerms {
  id: string;
  userId: number;
  total: string;
  createdAt: number;
  expiresAt: number;
}

export interface NewOrder extends OptionTerms, Omit<EntryColumns, 'id'> {
  quoteId: string;
  createTime: number;
}

export interface OrderRow extends NewOrder, EntryColumns, SettledColumns {
  buyJournalId: number | null;
}

export interface OrderFilter extends OrderFilterBase {
  /** Settled in [settledFrom, settledTo) (the records). */
  settledFrom?: number;
  settledTo?: number;
}

export interface OptionsStore {
  pair(symbol: string): OptionPairRow | undefined;
  insertQuote(q: QuoteRow): void;
  quote(id: string): QuoteRow | undefined;
  /** Drops quotes that expired before `before` and were never bought; returns how many. */
  pruneQuotes(before: number): number;

  insertOrder(o: NewOrder): number;
  setBuyJournal(id: number, journalId: number): void;
  byId(id: number): OrderRow | undefined;
  byQuote(quoteId: string): OrderRow | undefined;
  byClientId(userId: number, clientOrderId: string): OrderRow | undefined;
  /** Open orders whose expiry is before `now`, earliest first. */
  due(now: number, limit: number): OrderRow[];
  /** The earliest expiry of the open orders (at or after `t` when given). */
  nextExpiry(t?: number): number | undefined;
  openSymbols(): string[];
  /** The earliest expiry of the open orders on `symbol`. */
  firstOpenExpiry(symbol: string): number | undefined;
  /** open -> settled; false when the row was not open. */
  markSettled(id: number, s: SettledFields): boolean;
  /** Newest first: by id, or by settlement time for `bySettleTime` (the records). */
  list(f: OrderFilter, limit: number, offset: number, bySettleTime?: boolean): OrderRow[];
  count(f: OrderFilter): number;
}

const QUOTE_COLS = `id, user_id AS userId, symbol, kind, tenor, expiry, strike, quantity, unit_premium AS unitPremium,
  premium, fee, total, spot, volatility, created_at AS createdAt, expires_at AS expiresAt`;

const ORDER_COLS = `id, user_id AS userId, client_order_id AS clientOrderId, quote_id AS quoteId, symbol, kind, tenor,
  expiry, strike, quantity, unit_premium AS unitPremium, premium, fee, spot, volatility, create_time AS createTime,
  entry_id AS entryId, entry_time AS entryTime, entry_price AS entryPrice, buy_journal_id AS buyJournalId, status,
  exit_id AS exitId, exit_time AS exitTime, exit_price AS exitPrice, payout, settle_time AS settleTime`;

const where = (f: OrderFilter) =>
  orderWhere(f, [
    ['settle_time >= ?', f.settledFrom],
    ['settle_time < ?', f.settledTo],
  ]);

const minOf = (row: unknown) => (row as { t: number | null }).t ?? undefined;

export function sqliteOptionsStore(db: Database.Database): OptionsStore {
  const q = {
    pair: db.prepare('SELECT symbol, feeType, feeValue, showFlag, status FROM coin_option WHERE symbol = ?'),
    insertQuote: db.prepare(
      `INSERT INTO option_quotes (id, user_id, symbol, kind, tenor, expiry, strike, quantity, unit_premium, premium,
       fee, total, spot, volatility, created_at, expires_at) VALUES (@id, @userId, @symbol, @kind, @tenor, @expiry,
       @strike, @quantity, @unitPremium, @premium, @fee, @total, @spot, @volatility, @createdAt, @expiresAt)`,
    ),
    quote: db.prepare(`SELECT ${QUOTE_COLS} FROM option_quotes WHERE id = ?`),
    pruneQuotes: db.prepare(
      'DELETE FROM option_quotes WHERE expires_at < ? AND id NOT IN (SELECT quote_id FROM option_orders)',
    ),
    insert: db.prepare(
      `INSERT INTO option_orders (user_id, client_order_id, quote_id, symbol, kind, tenor, expiry, strike, quantity,
       unit_premium, premium, fee, spot, volatility, create_time, entry_id, entry_time, entry_price) VALUES (@userId,
       @clientOrderId, @quoteId, @symbol, @kind, @tenor, @expiry, @strike, @quantity, @unitPremium, @premium, @fee,
       @spot, @volatility, @createTime, @entryId, @entryTime, @entryPrice)`,
    ),
    setBuyJournal: db.prepare('UPDATE option_orders SET buy_journal_id = ? WHERE id = ?'),
    byId: db.prepare(`SELECT ${ORDER_COLS} FROM option_orders WHERE id = ?`),
    byQuote: db.prepare(`SELECT ${ORDER_COLS} FROM option_orders WHERE quote_id = ?`),
    byClientId: db.prepare(`SELECT ${ORDER_COLS} FROM option_orders WHERE user_id = ? AND client_order_id = ?`),
    due: db.prepare(
      `SELECT ${ORDER_COLS} FROM option_orders WHERE status = 'open' AND expiry < ? ORDER BY expiry, id LIMIT ?`,
    ),
    nextExpiry: db.prepare(`SELECT min(expiry) AS t FROM option_orders WHERE status = 'open' AND expiry >= ?`),
    openSymbols: db.prepare(`SELECT DISTINCT symbol FROM option_orders WHERE status = 'open'`),
    firstOpenExpiry: db.prepare(`SELECT min(expiry) AS t FROM option_orders WHERE status = 'open' AND symbol = ?`),
    settle: db.prepare(
      `UPDATE option_orders SET status = 'settled', exit_id = @exitId, exit_time = @exitTime, exit_price = @exitPrice,
       payout = @payout, settle_time = @settleTime, settle_journal_id = @journalId WHERE id = @id AND status = 'open'`,
    ),
  };
  return {
    pair: (symbol) => q.pair.get(symbol) as OptionPairRow | undefined,
    insertQuote: (row) => void q.insertQuote.run(row),
    quote: (id) => q.quote.get(id) as QuoteRow | undefined,
    pruneQuotes: (before) => q.pruneQuotes.run(before).changes,
    insertOrder: (o) => Number(q.insert.run(o).lastInsertRowid),
    setBuyJournal: (id, journalId) => void q.setBuyJournal.run(journalId, id),
    byId: (id) => q.byId.get(id) as OrderRow | undefined,
    byQuote: (id) => q.byQuote.get(id) as OrderRow | undefined,
    byClientId: (userId, id) => q.byClientId.get(userId, id) as OrderRow | undefined,
    due: (now, limit) => q.due.all(now, limit) as OrderRow[],
    nextExpiry: (t = Number.MIN_SAFE_INTEGER) => minOf(q.nextExpiry.get(t)),
    openSymbols: () => (q.openSymbols.all() as { symbol: string }[]).map((r) => r.symbol),
    firstOpenExpiry: (symbol) => minOf(q.firstOpenExpiry.get(symbol)),
    markSettled: (id, s) => q.settle.run(settledParams(id, s)).changes === 1,
    list(f, limit, offset, bySettleTime = false) {
      const [w, args] = where(f);
      const order = bySettleTime ? 'settle_time DESC, id DESC' : 'id DESC';
      return db
        .prepare(`SELECT ${ORDER_COLS} FROM option_orders WHERE ${w} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .all(...args, limit, offset) as OrderRow[];
    },
    count(f) {
      const [w, args] = where(f);
      return (db.prepare(`SELECT count(*) AS n FROM option_orders WHERE ${w}`).get(...args) as { n: number }).n;
    },
  };
}
