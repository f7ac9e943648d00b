/**
 * Builds flow (P2P) orders from the server's context (one line in app.ts): the store, the service on the ledger,
 * the routes and the job that expires unpaid orders past their payment window (FLOW-8).
 */
import type { ServerContext } from '../context';
import { statusServiceDeps } from '../events/serviceDeps';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { DEMO_STEP_MS, ensureDemoMerchant } from './demo';
import { registerFlowRoutes } from './routes';
import { FlowService } from './service';
import { sqliteFlowStore } from './store';

/** How often the expiry job looks for unpaid orders past their window (payment windows are 15 minutes or more). */
export const FLOW_EXPIRY_MS = 5_000;

export interface FlowModule {
  service: FlowService;
  /** Expires what is due at `now` (the job does it every FLOW_EXPIRY_MS; tests call it by hand). */
  expireDue(now: number): number;
  stop(): void;
}

/** The service on the server's context (the mount and the tests build it the same way). */
export function flowService(ctx: ServerContext, ledger: Ledger): FlowService {
  return new FlowService({ ...statusServiceDeps(ctx, ledger), store: sqliteFlowStore(ctx.db) });
}

export function mountFlow(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): FlowModule {
  const service = flowService(ctx, ledger);
  registerFlowRoutes(r, service);
  const expireDue = (now: number) =>
    service.expireDue(now, 200, (err, orderId) =>
      ctx.log.error({ event: 'flow_expiry_failed', orderId, err }, 'expiring a flow order failed'),
    );
  const stops = [
    ctx.scheduler.add({ name: 'flow-expiry', everyMs: FLOW_EXPIRY_MS, runAtStart: true, step: expireDue }),
  ];
  // FLOW-12: the demo merchant (env FLOW_DEMO; off in the test harness).
  if (ctx.config.flowDemo ?? false) {
    try {
      const demo = ensureDemoMerchant(ctx, ledger, service);
      stops.push(ctx.scheduler.add({ name: 'flow-demo', everyMs: DEMO_STEP_MS, step: demo.step }));
    } catch (err) {
      ctx.log.error({ event: 'flow_demo_failed', err }, 'the demo flow merchant could not start');
    }
  }
  return { service, expireDue, stop: () => stops.forEach((s) => s()) };
}
