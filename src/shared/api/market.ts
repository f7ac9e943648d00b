/**
 * Market and common calls of spec 7.2/7.3 served now by the reference server (SRV-8), plus the market-data extensions of the
 * reference server (kline history, ticker, tickers, trades; documented in README "REST API").
 * The app calls these by key; the server registers its handlers against them.
 */
import { z } from 'zod';
import { queryInt } from '../schemas/strict';
import { defineEndpoint, type Endpoint } from './endpoint';
import { DecimalStr } from '../money';
import { Candle, KLINE_INTERVALS, PriceInfo, SymbolStr, Trade } from '../protocol';
import { AllSettings } from '../schemas/settings';
import { CoinLists, SpotPair } from '../schemas/coins';
import { Notice, Rule } from '../schemas/content';
import { KLINE_DEFAULT_LIMIT, KLINE_MAX_LIMIT, TRADES_DEFAULT_LIMIT, TRADES_MAX_LIMIT } from '../constants';

/** An integer in a query string ("500" -> 500; SAFE-18). */
const qInt = (min: number, max: number) => queryInt(z.number().int().min(min).max(max));

export const SPOT_ORDER_COLUMNS = ['sort', 'symbol', 'coin', 'amount', 'id'] as const;

export const marketApi = {
  getAllSetting: defineEndpoint({
    method: 'GET',
    path: '/api/common/getAllSetting',
    summary: 'Every platform setting of spec 3.3, keyed by name, with the language list and the 38 time zones',
    data: AllSettings,
  }),
  getCoinList: defineEndpoint({
    method: 'GET',
    path: '/api/common/getCoinList',
    summary: 'The four coin lists of spec 3.4: second contracts, spot, contracts, options',
    data: CoinLists,
  }),
  symbolList: defineEndpoint({
    method: 'GET',
    path: '/api/symbolmanage/list',
    summary: 'Spot pairs, ordered by orderByColumn (default sort) ascending unless isAsc is "desc"',
    query: z.object({
      isAsc: z.enum(['asc', 'desc']).optional(),
      orderByColumn: z.enum(SPOT_ORDER_COLUMNS).optional(),
    }),
    data: z.array(SpotPair),
  }),
  getMt5Amount: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/common/getMt5Amount',
    summary: 'Latest price of a coin against USDT (query coin, e.g. "BTC" or "btcusdt")',
    query: z.object({ coin: z.string().min(1).max(32) }),
    data: DecimalStr,
  }),
  coinVolume: defineEndpoint({
    method: 'GET',
    path: '/api/market/volume',
    summary: 'The per-coin volume lookup of spec 7.3: 24 h volume of a symbol (code 200, data = volume)',
    query: z.object({ symbol: SymbolStr }),
    data: DecimalStr,
  }),
  noticeList: defineEndpoint({
    method: 'GET',
    path: '/api/notice/list',
    summary: 'Notices in the language of the lang header, newest first; filtered by key and modelKey when given',
    query: z.object({ key: z.string().max(64).optional(), modelKey: z.string().max(64).optional() }),
    data: z.array(Notice),
  }),
  rulesList: defineEndpoint({
    method: 'GET',
    path: '/api/option/rules/list',
    summary: 'Rule texts by key (ABOUT, TERMS, PRIVACY, HELP) in the language of the lang header',
    query: z.object({ key: z.string().min(1).max(64) }),
    data: z.array(Rule),
  }),
  kline: defineEndpoint({
    method: 'GET',
    path: '/api/market/kline',
    summary: `Candle history, oldest first: candles opened before endTime (ms) if given, at most limit (default ${KLINE_DEFAULT_LIMIT}, max ${KLINE_MAX_LIMIT}); the last may be the live candle`,
    query: z.object({
      symbol: SymbolStr,
      interval: z.enum(KLINE_INTERVALS),
      limit: qInt(1, KLINE_MAX_LIMIT).optional(),
      endTime: queryInt(z.number().int().nonnegative()).optional(),
    }),
    data: z.array(Candle),
  }),
  ticker: defineEndpoint({
    method: 'GET',
    path: '/api/market/ticker',
    summary: '24 h statistics of one symbol',
    query: z.object({ symbol: SymbolStr }),
    data: PriceInfo,
  }),
  tickers: defineEndpoint({
    method: 'GET',
    path: '/api/market/tickers',
    summary: '24 h statistics of every symbol, keyed by symbol',
    data: z.record(z.string(), PriceInfo),
  }),
  trades: defineEndpoint({
    method: 'GET',
    path: '/api/market/trades',
    summary: `Recent trades of a symbol, newest last (limit default ${TRADES_DEFAULT_LIMIT}, max ${TRADES_MAX_LIMIT})`,
    query: z.object({ symbol: SymbolStr, limit: qInt(1, TRADES_MAX_LIMIT).optional() }),
    data: z.array(Trade),
  }),
} satisfies Record<string, Endpoint>;
