/**
 * Builds options from the server's context: the store, the service on the ledger, its routes and the quotes'
 * pruning job, and plugs the service's adapter into the one settlement job (OPT-16: it logs the pairs, settles and
 * prunes the log), so app.ts needs one line.
 */
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import type { SettlementJob } from '../settlement/job';
import { productDeps } from '../settlement/product';
import { registerOptionRoutes } from './routes';
import { Options } from './service';
import { sqliteOptionsStore } from './store';

export function mountOptions(
  r: IdentityRouter,
  ctx: ServerContext,
  ledger: Ledger,
  settlement: SettlementJob,
): Options {
  const { db, market } = ctx;
  const store = sqliteOptionsStore(db);
  const options = new Options({
    ...productDeps(ctx, ledger, settlement),
    store,
    quoteTtlMs: ctx.config.optionQuoteTtlMs,
    closes: (symbol, limit) => market.history(symbol, '1m', limit).map((c) => c.close),
    scales: (symbol) => market.books.scales(symbol),
    newId: randomUUID,
    feePaid: (e) => ctx.tradingFees.feePaid(e),
  });
  settlement.add(options.adapter());
  registerOptionRoutes(r, options);
  ctx.scheduler.add(options.pruneJob());
  return options;
}
