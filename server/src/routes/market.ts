/**
 * Market data calls of the reference server (README "REST API"): the per-coin volume lookup of spec 7.3,
 * candle history, tickers and recent trades, all read from the market simulator.
 */
import type { FastifyInstance } from 'fastify';
import { marketApi } from '../../../src/shared/api/market';
import { KLINE_DEFAULT_LIMIT, TRADES_DEFAULT_LIMIT } from '../../../src/shared/constants';
import type { ServerContext } from '../context';
import { findListedSymbol } from '../db/coinStore';
import { ApiFail } from '../http/failures';
import { route } from '../http/route';

/** The market's symbol for "btcusdt", "BTCUSDT" or a listed coin code ("BTC"); fails with "Unknown symbol x". */
export function marketSymbol(ctx: ServerContext, raw: string): string {
  const s = raw.trim().toLowerCase();
  if (ctx.market.has(s)) return s;
  const listed = findListedSymbol(ctx.db, raw);
  if (listed && ctx.market.has(listed.symbol)) return listed.symbol;
  throw new ApiFail(`Unknown symbol ${raw}`);
}

export function registerMarketRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(app, marketApi.coinVolume, ({ query }) => {
    const t = ctx.market.ticker(marketSymbol(ctx, query.symbol));
    if (!t) throw new ApiFail(`No statistics yet for ${query.symbol}`);
    return t.volume24;
  });

  route(app, marketApi.kline, ({ query }) =>
    ctx.market.history(marketSymbol(ctx, query.symbol), query.interval, query.limit ?? KLINE_DEFAULT_LIMIT, query.endTime),
  );

  route(app, marketApi.ticker, ({ query }) => {
    const t = ctx.market.ticker(marketSymbol(ctx, query.symbol));
    if (!t) throw new ApiFail(`No statistics yet for ${query.symbol}`);
    return t;
  });

  route(app, marketApi.tickers, () => {
    const out: Record<string, NonNullable<ReturnType<typeof ctx.market.ticker>>> = {};
    for (const s of ctx.market.symbols()) {
      const t = ctx.market.ticker(s);
      if (t) out[s] = t;
    }
    return out;
  });

  route(app, marketApi.trades, ({ query }) =>
    ctx.market.recentTrades(marketSymbol(ctx, query.symbol), query.limit ?? TRADES_DEFAULT_LIMIT),
  );
}
