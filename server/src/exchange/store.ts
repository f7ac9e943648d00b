/** The flash exchange's SQL (FX-*): quotes and executed exchanges (migration 026). No arithmetic here. */
import type Database from 'better-sqlite3';
import type { ExchangeRecord } from '../../../src/shared/schemas/exchange';

export interface QuoteRow {
  id: string;
  userId: number;
  from: string;
  to: string;
  price: string;
  spread: string;
  fee: string;
  createdAt: number;
  expiresAt: number;
}

export interface ExchangeRow extends ExchangeRecord {
  userId: number;
  journalId: number;
}

export interface ExchangeStore {
  insertQuote(q: QuoteRow): void;
  quote(id: string): QuoteRow | undefined;
  exchangeOfQuote(quoteId: string): ExchangeRecord | undefined;
  insertExchange(e: ExchangeRow): void;
  list(userId: number, limit: number, offset: number): ExchangeRecord[];
  count(userId: number): number;
  /** Drops quotes that expired before `before` and were never executed; returns how many. */
  pruneQuotes(before: number): number;
}

const EX_COLS = `id, quote_id AS quoteId, from_coin AS "from", to_coin AS "to", amount, receive, fee, price, spread, fee_rate AS feeRate,
  created_at AS time`;

export function sqliteExchangeStore(db: Database.Database): ExchangeStore {
  const q = {
    insertQuote: db.prepare(
      `INSERT INTO exchange_quotes (id, user_id, from_coin, to_coin, price, spread, fee, created_at, expires_at)
       VALUES (@id, @userId, @from, @to, @price, @spread, @fee, @createdAt, @expiresAt)`,
    ),
    quote: db.prepare(
      `SELECT id, user_id AS userId, from_coin AS "from", to_coin AS "to", price, spread, fee, created_at AS createdAt,
       expires_at AS expiresAt FROM exchange_quotes WHERE id = ?`,
    ),
    exchangeOfQuote: db.prepare(`SELECT ${EX_COLS} FROM exchanges WHERE quote_id = ?`),
    insertExchange: db.prepare(
      `INSERT INTO exchanges (id, user_id, quote_id, from_coin, to_coin, amount, receive, fee, price, spread, fee_rate,
       journal_id, created_at) VALUES (@id, @userId, @quoteId, @from, @to, @amount, @receive, @fee, @price, @spread,
       @feeRate, @journalId, @time)`,
    ),
    list: db.prepare(
      `SELECT ${EX_COLS} FROM exchanges WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ),
    count: db.prepare('SELECT count(*) AS n FROM exchanges WHERE user_id = ?'),
    prune: db.prepare(
      'DELETE FROM exchange_quotes WHERE expires_at < ? AND id NOT IN (SELECT quote_id FROM exchanges)',
    ),
  };
  return {
    insertQuote: (row) => void q.insertQuote.run(row),
    quote: (id) => q.quote.get(id) as QuoteRow | undefined,
    exchangeOfQuote: (id) => q.exchangeOfQuote.get(id) as ExchangeRecord | undefined,
    insertExchange: (row) => void q.insertExchange.run(row),
    list: (userId, limit, offset) => q.list.all(userId, limit, offset) as ExchangeRecord[],
    count: (userId) => (q.count.get(userId) as { n: number }).n,
    pruneQuotes: (before) => q.prune.run(before).changes,
  };
}
