/**
 * Builds the one settlement job (SEC-14, OPT-16) from the server's context: the one persisted trade log on the
 * market's published trades, the job on the ledger, scheduled once (settlement and the log's pruning). Second
 * contracts and options plug their adapters in when they mount. `stop()` writes the queued trades before the
 * database closes.
 */
import type { ServerContext } from '../context';
import type { Ledger } from '../ledger/service';
import { SettlementJob } from './job';
import { sqliteSettlementStore } from './store';
import { TradeLog } from './tradeLog';

export function mountSettlement(ctx: ServerContext, ledger: Ledger): SettlementJob {
  const { db, market, log } = ctx;
  const store = sqliteSettlementStore(db);
  const onError = (err: unknown, what = 'writing the settlement trade log') =>
    log.error({ event: 'settlement_error', err }, what);
  const tradeLog = new TradeLog(store, queueMicrotask, onError);
  market.onTrades(tradeLog.onTrades);
  const job = new SettlementJob({ store, tradeLog, ledger, clock: ctx.clock, defer: queueMicrotask, onError });
  ctx.scheduler.add(job.settleJob());
  ctx.scheduler.add(job.pruneJob());
  return job;
}
