/** What the seconds and options panels' tests share: the markup and text a reader gets, and an order of each kind. */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { OptionOrder, OptionQuote } from '../../../../shared/schemas/options';
import type { SecondOrder } from '../../../../shared/schemas/trading';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { tickerAt } from '../../../../workers/testing/batches';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import { memoryStorage } from '../../../state/testing/memoryStorage';

/** The market hooks a panel reads, without a page or a worker: a pair's live price from `prices`, no account push. */
export const panelHooks = (prices: Readonly<Record<string, string>>) => ({
  useTicker: (symbol: string) => (prices[symbol] ? tickerAt(symbol, prices[symbol]) : undefined),
  useLiveAccount: () => undefined,
});

/** A panel's tests read English, with the panel's namespace. */
export const inEnglish = (ns: 'seconds' | 'options') =>
  beforeAll(async () => {
    await setLanguage('en', { persist: false });
    await loadNamespaces([ns]);
  });

/** The markup of `el` inside a router (the panels link to the pair and the records). */
export const html = (el: ReactElement) => renderToStaticMarkup(<MemoryRouter>{el}</MemoryRouter>);

/** The text a reader gets (tags dropped, entities decoded). */
export const text = (el: ReactElement) =>
  html(el)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** An open 60 s up contract of 100 USDT on BTC/USDT at 64000.5, paying 85 %; `over` changes any field. */
export function testSecondOrder(over: Partial<SecondOrder> = {}): SecondOrder {
  return {
    id: 42,
    clientOrderId: null,
    symbol: 'btcusdt',
    direction: 'up',
    amount: '100',
    coin: 'USDT',
    periodId: 1,
    period: 60,
    ratio: '0.85',
    openPrice: '64000.5',
    openTime: 1_000_500,
    closeTime: 1_060_500,
    entry: { id: 5, time: 1_000_400, price: '64000.5' },
    status: 'open',
    result: null,
    closePrice: null,
    exit: null,
    payout: null,
    settleTime: null,
    ...over,
  };
}

/** That contract opened at `openTime` (ms): it closes `period` seconds later, its entry trade 100 ms before. */
export function testSecondOrderOpenedAt(openTime: number, over: Partial<SecondOrder> = {}): SecondOrder {
  const period = over.period ?? 60;
  const entry = { id: 5, time: openTime - 100, price: '64000.5' };
  return testSecondOrder({ period, openTime, closeTime: openTime + period * 1000, entry, ...over });
}

/** The premium figures of 0.1 BTC of the 67000 call at 412.35 a unit, fee 1 %, as quotes and orders carry them. */
const CALL_PREMIUM = {
  symbol: 'btcusdt',
  kind: 'call',
  strike: '67000',
  quantity: '0.1',
  unitPremium: '412.35',
  premium: '41.235000',
  fee: '0.412350',
} as const;

/** A quote for that call (spot 67250), valid 10 s; `over` changes any field. */
export function testOptionQuote(over: Partial<OptionQuote> = {}): OptionQuote {
  return {
    quoteId: 'q-1',
    ...CALL_PREMIUM,
    expiry: 1_000_300_000,
    total: '41.647350',
    spot: '67250',
    volatility: '0.62',
    serverTime: 1_000_000_000,
    expiresAt: 1_000_010_000,
    ...over,
  };
}

/** An open 5 m option bought on that quote; `over` changes any field. */
export function testOptionOrder(over: Partial<OptionOrder> = {}): OptionOrder {
  return {
    id: 7,
    clientOrderId: null,
    ...CALL_PREMIUM,
    tenor: '5m',
    expiry: 1_000_300_000,
    spot: '67250',
    volatility: '0.62',
    createTime: 1_000_001_000,
    status: 'open',
    exit: null,
    settlePrice: null,
    payout: null,
    settleTime: null,
    ...over,
  };
}

/**
 * The server as a contract mode's order tests see it through the one client (`contractCall`): what was placed (the
 * body and its idempotency key) and answered by `reply`, and the lookups of the mode's list (their queries),
 * answered with `rows` (those of the client order id asked, when one is).
 */
export const contractServer = {
  placed: [] as { body: Record<string, unknown>; key: string | undefined }[],
  lookups: [] as Record<string, unknown>[],
  reply: (): Promise<unknown> => Promise.reject(new Error('no reply set')),
  rows: [] as unknown[],
};

/** The client's `call` against `contractServer`: `place` and `list` are the mode's endpoints; any other fails. */
const contractCall = (place: unknown, list: unknown) =>
  vi.fn((endpoint: unknown, input: { body?: unknown; query?: unknown; idempotencyKey?: string } = {}) => {
    if (endpoint === place) {
      contractServer.placed.push({ body: input.body as Record<string, unknown>, key: input.idempotencyKey });
      return contractServer.reply();
    }
    if (endpoint === list) {
      const query = (input.query ?? {}) as Record<string, unknown>;
      contractServer.lookups.push(query);
      const rows = contractServer.rows.filter(
        (o) =>
          query.clientOrderId === undefined || (o as { clientOrderId: unknown }).clientOrderId === query.clientOrderId,
      );
      return Promise.resolve({ total: rows.length, rows });
    }
    return Promise.reject(new Error('unexpected call'));
  });

/** The client module `real` with its `call` on `contractServer` (`contractCall`), for a test's vi.mock. */
export const withContractCall = <M extends object>(real: M, place: unknown, list: unknown) => ({
  ...real,
  call: contractCall(place, list),
});

/** Each test starts with an empty local storage, and nothing placed, looked up or listed on the server. */
export function freshContractServer() {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    Object.assign(contractServer, { placed: [], lookups: [], rows: [] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
