/**
 * Market calls of the reference server (README "REST API"): the coin lists of spec 3.4 with live prices, spot
 * pairs, the latest price of a coin, the per-coin volume lookup of spec 7.3, candle history, tickers and recent
 * trades, all read from the market simulator, and the order book's depth snapshot (DEPTH-1).
 */
import Decimal from 'decimal.js';
import { marketApi } from '../../../src/shared/api/market';
import { tradingApi } from '../../../src/shared/api/trading';
import { KLINE_DEFAULT_LIMIT, TRADES_DEFAULT_LIMIT } from '../../../src/shared/constants';
import type { CoinBase, CoinLists } from '../../../src/shared/schemas/coins';
import type { ServerContext } from '../context';
import { ApiFail } from '../http/failures';
import type { Router } from '../http/route';
import { findListedSymbol, readCoinList, readCoinLists } from './coinStore';

/** The market's symbol for "btcusdt", "BTCUSDT" or a listed coin code ("BTC"); fails with "Unknown symbol x". */
export function marketSymbol(ctx: ServerContext, raw: string): string {
  const s = raw.trim().toLowerCase();
  if (ctx.market.has(s)) return s;
  const listed = findListedSymbol(ctx.db, raw);
  if (listed && ctx.market.has(listed.symbol)) return listed.symbol;
  throw new ApiFail(`Unknown symbol ${raw}`);
}

/** Latest price and 24 h open from the market, where it trades the symbol. */
function withLivePrices<T extends CoinBase>(ctx: ServerContext, rows: T[]): T[] {
  for (const r of rows) {
    const t = ctx.market.ticker(r.symbol);
    if (t) {
      r.amount = t.close;
      r.open = t.openPrice;
    }
  }
  return rows;
}

export function registerMarketRoutes(r: Router<unknown>, ctx: ServerContext): void {
  r.route(marketApi.getCoinList, () => {
    const lists: CoinLists = readCoinLists(ctx.db);
    return {
      coinList: withLivePrices(ctx, lists.coinList),
      currencyList: withLivePrices(ctx, lists.currencyList),
      contractList: withLivePrices(ctx, lists.contractList),
      optionList: withLivePrices(ctx, lists.optionList),
    };
  });

  r.route(marketApi.symbolList, ({ query }) => {
    const desc = query.isAsc === 'desc';
    const column = query.orderByColumn ?? 'sort';
    if (column !== 'amount') return withLivePrices(ctx, readCoinList(ctx.db, 'currencyList', column, desc));
    // amount is the live price, a decimal string: order after pricing, exactly.
    const rows = withLivePrices(ctx, readCoinList(ctx.db, 'currencyList'));
    return rows.sort((a, b) => new Decimal(a.amount).cmp(b.amount) * (desc ? -1 : 1) || a.id - b.id);
  });

  r.route(marketApi.getMt5Amount, ({ query }) => {
    const listed = findListedSymbol(ctx.db, query.coin);
    if (!listed) throw new ApiFail(`Unknown coin ${query.coin}`);
    return ctx.market.ticker(listed.symbol)?.close ?? listed.amount;
  });

  r.route(marketApi.coinVolume, ({ query }) => {
    const t = ctx.market.ticker(marketSymbol(ctx, query.symbol));
    if (!t) throw new ApiFail(`No statistics yet for ${query.symbol}`);
    return t.volume24;
  });

  r.route(marketApi.kline, ({ query }) =>
    ctx.market.history(
      marketSymbol(ctx, query.symbol),
      query.interval,
      query.limit ?? KLINE_DEFAULT_LIMIT,
      query.endTime,
    ),
  );

  r.route(marketApi.ticker, ({ query }) => {
    const t = ctx.market.ticker(marketSymbol(ctx, query.symbol));
    if (!t) throw new ApiFail(`No statistics yet for ${query.symbol}`);
    return t;
  });

  r.route(marketApi.tickers, () => {
    const out: Record<string, NonNullable<ReturnType<typeof ctx.market.ticker>>> = {};
    for (const s of ctx.market.symbols()) {
      const t = ctx.market.ticker(s);
      if (t) out[s] = t;
    }
    return out;
  });

  r.route(marketApi.trades, ({ query }) =>
    ctx.market.recentTrades(marketSymbol(ctx, query.symbol), query.limit ?? TRADES_DEFAULT_LIMIT),
  );

  // DEPTH-1: the book's levels, best first, at the depth seq the socket's deltas continue from.
  r.route(tradingApi.depth, ({ query }) => {
    const symbol = marketSymbol(ctx, query.symbol);
    const d = ctx.market.books.depth(symbol, query.limit);
    if (!d) throw new ApiFail(`No order book for ${query.symbol}`);
    return { symbol, seq: d.seq, bids: d.bids, asks: d.asks };
  });
}
