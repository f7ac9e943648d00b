/**
 * The flash exchange's and the records' REST data (FX-*, REC-*) through the one client and the keyed query
 * cache: the coins on offer, quotes, the exchange sent once per intent through mutate(), the history and the
 * financial records. Nothing polls: lists are fetched again when the live stream reports a change.
 */
import { exchangeApi } from '../../../shared/api/exchange';
import type { ExchangeRecord, FinancialRecords, Quote } from '../../../shared/schemas/exchange';
import { ApiError, call } from '../../api/client';
import { mutate } from '../../data/mutate';
import { invalidate } from '../../data/queries';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';
import { balancesChanged } from '../../money/balances';

/** Every exchange and records query key starts with this. */
export const EXCHANGE_QUERIES = queryKey(['exchange']);

export function useExchangeCoins() {
  return useQuery(queryKey(['exchange', 'coins']), (signal) =>
    call(exchangeApi.getAppCurrencyList, { signal, silent: true }),
  );
}

export function fetchQuote(from: string, to: string): Promise<Quote> {
  return call(exchangeApi.getCurrencyPrice, { query: { currency: `${from},${to}` }, silent: true });
}

/**
 * Executes a quote once per intent (the quote and the amount): a retry after a timeout or a reload carries the
 * same Idempotency-Key, so the server answers with the first outcome instead of exchanging again.
 */
export async function sendExchange(quoteId: string, amount: string): Promise<ExchangeRecord> {
  const done = await mutate(
    (idempotencyKey) => call(exchangeApi.currencyExchange, { body: { quoteId, amount }, idempotencyKey, silent: true }),
    { intent: `exchange:${quoteId}:${amount}`, invalidates: [EXCHANGE_QUERIES] },
  );
  balancesChanged();
  return done;
}

/** The outcome of a lost reply is unknown: these failures never reached an answer. */
export function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
}

/**
 * After a reply that never came (timeout, network): was the quote executed? Asked of the history, never by
 * sending the exchange again.
 */
export async function exchangeOfQuote(quoteId: string): Promise<ExchangeRecord | undefined> {
  const list = await call(exchangeApi.exchangeList, { query: { pageNum: 1, pageSize: 50 }, silent: true });
  const found = list.rows.find((r) => r.quoteId === quoteId);
  if (found) {
    invalidate(EXCHANGE_QUERIES);
    balancesChanged();
  }
  return found;
}

export function useExchangeHistory(uid: string) {
  return useQuery(
    queryKey(['exchange', 'history', uid]),
    (signal) => call(exchangeApi.exchangeList, { query: { pageNum: 1, pageSize: 50 }, signal, silent: true }),
    { enabled: uid !== '' },
  );
}

export interface RecordFilters {
  type: string;
  coin: string;
}

/** The first `shown` records under the filters (load more asks for a longer first page: no gaps, no doubles). */
export function useFinancialRecords(uid: string, f: RecordFilters, shown: number): QueryResult<FinancialRecords> {
  return useQuery(
    queryKey(['exchange', 'records', uid, f.type, f.coin, String(shown)]),
    (signal) =>
      call(exchangeApi.financialRecords, {
        query: { pageNum: 1, pageSize: shown, type: f.type, coin: f.coin },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}
