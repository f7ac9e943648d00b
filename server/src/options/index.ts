/**
 * Builds options from the server's context: the store, the persisted trade log on the market's published
 * trades (its own table, the second contracts' TradeLog class), the service on the ledger, its routes and its
 * two jobs (settlement, pruning), so app.ts needs one line.
 */
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { TradeLog } from '../seconds/tradeLog';
import { registerOptionRoutes } from './routes';
import { Options } from './service';
import { sqliteOptionsStore } from './store';

export function mountOptions(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): Options {
  const { db, market, log, userEvents } = ctx;
  const store = sqliteOptionsStore(db);
  const onError = (err: unknown, what = 'writing the option trade log') =>
    log.error({ event: 'options_error', err }, what);
  const tradeLog = new TradeLog(store, queueMicrotask, onError);
  market.onTrades(tradeLog.onTrades);
  const options = new Options({
    store,
    tradeLog,
    ledger,
    clock: ctx.clock,
    quoteTtlMs: ctx.config.optionQuoteTtlMs,
    lastTrade: (symbol) => (market.has(symbol) ? market.recentTrades(symbol, 1)[0] : undefined),
    closes: (symbol, limit) => market.history(symbol, '1m', limit).map((c) => c.close),
    scales: (symbol) => market.books.scales(symbol),
    newId: randomUUID,
    events: {
      statusChanged: (u, e) => userEvents.statusChanged(u, e),
      settlement: (u, d) => userEvents.settlement(u, d),
    },
    defer: queueMicrotask,
    onError,
    feePaid: (e) => ctx.tradingFees.feePaid(e),
  });
  registerOptionRoutes(r, options);
  ctx.scheduler.add(options.settleJob());
  ctx.scheduler.add(options.pruneJob());
  return options;
}
