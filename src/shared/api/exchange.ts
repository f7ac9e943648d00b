/** The flash exchange (spec 7.2 texchange/*, common/getAppCurrencyList; FX-*) and the financial records (REC-*). */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/exchange';

export const exchangeApi = {
  getAppCurrencyList: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/common/getAppCurrencyList',
    summary: 'Coins the flash exchange offers: listed coins with a live USDT price, and their decimals',
    data: S.ExchangeCoins,
  }),
  getCurrencyPrice: defineEndpoint({
    method: 'GET',
    path: '/api/texchange/getCurrencyPrice',
    summary:
      'A quote for FROM,TO: market price, disclosed spread and fee, quote id and expiry (server time); kept server-side',
    query: S.QuoteQuery,
    data: S.Quote,
    auth: true,
  }),
  currencyExchange: defineEndpoint({
    method: 'POST',
    path: '/api/texchange/currencyExchange',
    summary:
      'Execute a quote once, before it expires: pay amount of FROM from the platform account, receive TO; honours Idempotency-Key',
    body: S.ExchangeBody,
    data: S.ExchangeRecord,
    auth: true,
  }),
  exchangeList: defineEndpoint({
    method: 'GET',
    path: '/api/texchange/list',
    summary: "The caller's flash exchanges, newest first, paged",
    query: S.ExchangeListQuery,
    data: S.ExchangeList,
    auth: true,
  }),
  financialRecords: defineEndpoint({
    method: 'GET',
    path: '/api/record/financial',
    summary:
      'Every journal row that touched the caller, per account and coin, newest first; filter by type (kind), coin and time',
    query: S.RecordsQuery,
    data: S.FinancialRecords,
    auth: true,
  }),
};
