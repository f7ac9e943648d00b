/**
 * Builds the finance products from the server's context: the store, the service on the ledger with
 * MING_SETTLEMENT_SETTING read at use time, the routes and the daily run's job (so app.ts needs one line).
 */
import type { ServerContext } from '../context';
import { textLanguages } from '../db/dictionaryStore';
import { readSetting } from '../db/settingsStore';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import type { InterestListener } from './hooks';
import { registerFinanceRoutes } from './routes';
import { FinanceService } from './service';
import { sqliteFinanceStore } from './store';

/**
 * How often the daily run looks for days that have ended (FIN-7). It pays only ended days, so running it often
 * costs one indexed query; often enough that the test clock switch's jump shows within seconds.
 */
export const FINANCE_RUN_MS = 10_000;

export interface FinanceModule {
  service: FinanceService;
  /** Listeners of each interest payment, run inside its transaction (the proxy's commission). */
  onInterest(listener: InterestListener): () => void;
  /** Runs the daily settlement at `now` (the job does it every FINANCE_RUN_MS); returns the days settled. */
  runDaily(now: number): number;
  /** A user's active principal per coin (the proxy programme). */
  holdingsOf(userId: number): { coin: string; principal: string }[];
  stop(): void;
}

export function mountFinance(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): FinanceModule {
  const service = new FinanceService({
    store: sqliteFinanceStore(ctx.db),
    ledger,
    clock: ctx.clock,
    setting: () => readSetting(ctx.db, 'MING_SETTLEMENT_SETTING', ctx.log),
    languages: (lang) => textLanguages(ctx.db, lang),
    onError: (err, context) => ctx.log.error({ ...context, err }, 'finance daily run failed for a holding'),
  });
  registerFinanceRoutes(r, service);
  const removeJob = ctx.scheduler.add({
    name: 'finance-daily',
    everyMs: FINANCE_RUN_MS,
    runAtStart: true,
    step: (now) => void service.runDaily(now),
  });
  return {
    service,
    onInterest: (l) => service.onInterest(l),
    runDaily: (now) => service.runDaily(now),
    holdingsOf: (userId) => service.holdingsOf(userId),
    stop: removeJob,
  };
}
