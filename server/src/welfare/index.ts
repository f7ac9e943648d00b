/**
 * Builds the welfare centre from the server's context (one line in app.ts): the store, the service on the ledger,
 * the routes. The deposits module lists the paid rewards as deposit bonuses through `welfareBonuses` (WEL-5).
 */
import type { ServerContext } from '../context';
import { statusServiceDeps } from '../events/serviceDeps';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { registerWelfareRoutes } from './routes';
import { WelfareService } from './service';
import { sqliteWelfareStore } from './store';

/** The service on the server's context (the mount, the deposits' bonus list and the tests build it the same way). */
export function welfareService(ctx: ServerContext, ledger: Ledger): WelfareService {
  return new WelfareService({ ...statusServiceDeps(ctx, ledger), store: sqliteWelfareStore(ctx.db) });
}

export function mountWelfare(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): WelfareService {
  const welfare = welfareService(ctx, ledger);
  registerWelfareRoutes(r, welfare);
  return welfare;
}
