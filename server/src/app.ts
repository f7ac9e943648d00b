/**
 * Builds and starts the exchange: database (migrations + seed), market simulator, HTTP server with the SPA,
 * REST API, socket and accounts. `startServer(config)` is used by main.ts and, in-process on port 0 with a
 * temporary DATA_DIR, by the server tests.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServerConfig, ServerContext, MarketSymbol } from './context';
import { Metrics } from './metrics';
import { closeDatabase, openDatabase } from './db/open';
import { readCoinLists } from './db/coinStore';
import { seedDatabase } from './seed/index';
import { marketCoins } from './seed/marketCoins';
import { magnitude } from './seed/scales';
import { createMarket } from './market/index';
import { registerWs } from './ws/register';
import { registerAccounts, type DemoCredentials } from './accounts/register';
import { collectRoutes, installErrorHandler, installNotFound, type RouteTable } from './http/errors';
import { installObservers } from './http/observe';
import { installJsonBody } from './http/jsonBody';
import { registerSecurity, registerStatic } from './http/plugins';
import { setReplyValidation } from './http/route';
import { registerCommonRoutes } from './routes/common';
import { registerMarketRoutes } from './routes/market';
import { registerOpsRoutes } from './routes/ops';
import type Database from 'better-sqlite3';

export { loadConfig } from './config';

export interface StartOptions {
  /** pino level (default env LOG_LEVEL or "info"); "silent" for quiet tests. */
  logLevel?: string;
}

export interface RunningExchange {
  port: number;
  url: string;
  app: FastifyInstance;
  ctx: ServerContext;
  demo: DemoCredentials;
  /** Every registered route: URL pattern -> methods (what /api/openapi.json documents). */
  routes: RouteTable;
  /** Stops the market, closes every socket with a close frame, stops HTTP, checkpoints and closes the DB. */
  close(): Promise<void>;
}

/**
 * Quantity decimals of simulated trades: the pair's precision, fewer for very cheap coins (SHIB, PEPE trade
 * in whole coins) so 24 h volumes in minor units stay far below 2^53 even in flood mode.
 */
export function simQtyScale(price: string, precision: number): number {
  return Math.max(0, Math.min(precision, magnitude(price) + 3));
}

/** The simulator's symbols: every listed pair (spot first, then any pair only in another list). */
export function marketSymbolsFromDb(db: Database.Database): MarketSymbol[] {
  const lists = readCoinLists(db);
  const out = new Map<string, MarketSymbol>();
  for (const p of lists.currencyList) {
    out.set(p.symbol, { symbol: p.symbol, coin: p.coin, baseCoin: p.baseCoin, price: p.amount, priceScale: p.basePrecision, qtyScale: simQtyScale(p.amount, p.coinPrecision) });
  }
  for (const p of lists.contractList) {
    if (!out.has(p.symbol)) {
      out.set(p.symbol, { symbol: p.symbol, coin: p.coin, baseCoin: p.baseCoin, price: p.amount, priceScale: p.baseScale, qtyScale: simQtyScale(p.amount, p.coinScale) });
    }
  }
  return [...out.values()];
}

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningExchange> {
  const startedAt = Date.now();
  const app = Fastify({
    logger: { level: opts.logLevel ?? process.env.LOG_LEVEL ?? 'info' },
    // One line per request comes from http/observe.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy set TRUST_PROXY=1 so rate limits and logs see the client's address;
    // off by default, so X-Forwarded-For cannot be forged to dodge the rate limit.
    trustProxy: ['1', 'true', 'yes'].includes(String(process.env.TRUST_PROXY ?? '').toLowerCase()),
    forceCloseConnections: true,
  });
  const log = app.log;
  setReplyValidation(!config.production);
  log.info(
    { event: 'start', port: config.port, host: config.host, dataDir: config.dataDir, staticDir: config.staticDir, production: config.production, testSwitches: config.testSwitches, flood: config.flood ?? null, tradeRate: config.tradeRate, marketCoins: config.marketCoins },
    'starting exchange',
  );

  const db = await openDatabase(config.dataDir, log);
  let market: ServerContext['market'] | undefined;
  try {
    seedDatabase(db, log, Date.now(), marketCoins(config.marketCoins, config.marketSeed));
    const metrics = new Metrics();
    market = createMarket(config, marketSymbolsFromDb(db), metrics);
    const ctx: ServerContext = { config, db, metrics, market, log };

    const routes = collectRoutes(app);
    installErrorHandler(app);
    installJsonBody(app);
    installObservers(app, metrics);
    await registerSecurity(app);
    const spa = await registerStatic(app, config.staticDir);
    installNotFound(app, routes, { spaFallback: spa });

    registerOpsRoutes(app, ctx, routes, startedAt);
    registerCommonRoutes(app, ctx);
    registerMarketRoutes(app, ctx);
    const closeSockets = await registerWs(app, ctx);
    const demo = await registerAccounts(app, ctx);

    market.start();
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${shownHost}:${port}`;

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        market?.stop();
        try {
          await closeSockets();
        } catch (err) {
          log.error({ event: 'error', err }, 'closing sockets failed');
        }
        await app.close();
        closeDatabase(db);
        log.info({ event: 'stopped', uptime: Math.round((Date.now() - startedAt) / 1000) }, 'exchange stopped');
      })());
    return { port, url, app, ctx, demo, routes, close };
  } catch (err) {
    market?.stop();
    await app.close().catch(() => {});
    closeDatabase(db);
    throw err;
  }
}
