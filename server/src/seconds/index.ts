/**
 * Builds second contracts from the server's context: the store, the persisted trade log on the market's
 * published trades, the service on the ledger, its routes and its two jobs (settlement, log pruning), so app.ts
 * needs one line. `stop()` writes the queued trades before the database closes.
 */
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { registerSecondRoutes } from './routes';
import { SecondContracts } from './service';
import { sqliteSecondsStore } from './store';
import { TradeLog } from './tradeLog';

export function mountSeconds(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): SecondContracts {
  const { db, market, log, userEvents } = ctx;
  const store = sqliteSecondsStore(db);
  const onError = (err: unknown, what = 'writing the second-contract trade log') =>
    log.error({ event: 'seconds_error', err }, what);
  const tradeLog = new TradeLog(store, queueMicrotask, onError);
  market.onTrades(tradeLog.onTrades);
  const seconds = new SecondContracts({
    store,
    tradeLog,
    ledger,
    clock: ctx.clock,
    lastTrade: (symbol) => (market.has(symbol) ? market.recentTrades(symbol, 1)[0] : undefined),
    symbols: () => market.symbols(),
    events: {
      statusChanged: (u, e) => userEvents.statusChanged(u, e),
      settlement: (u, d) => userEvents.settlement(u, d),
    },
    defer: queueMicrotask,
    onError,
  });
  registerSecondRoutes(r, seconds);
  ctx.scheduler.add(seconds.settleJob());
  ctx.scheduler.add(seconds.pruneJob());
  return seconds;
}
