/**
 * Builds second contracts from the server's context: the store, the service on the ledger and its routes, and
 * plugs the service's adapter into the one settlement job (SEC-14: it logs the pairs, settles and prunes), so
 * app.ts needs one line.
 */
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import type { SettlementJob } from '../settlement/job';
import { productDeps } from '../settlement/product';
import { registerSecondRoutes } from './routes';
import { SecondContracts } from './service';
import { sqliteSecondsStore } from './store';

export function mountSeconds(
  r: IdentityRouter,
  ctx: ServerContext,
  ledger: Ledger,
  settlement: SettlementJob,
): SecondContracts {
  const store = sqliteSecondsStore(ctx.db);
  const seconds = new SecondContracts({ ...productDeps(ctx, ledger, settlement), store });
  settlement.add(seconds.adapter());
  registerSecondRoutes(r, seconds);
  return seconds;
}
