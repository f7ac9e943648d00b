/**
 * Builds copy trading from the server's context: the follow store, the mirror on the futures service's
 * placed-order and ended-position listeners, the service and its routes (so app.ts needs one line). The lead
 * traders' figures come from `mountTraders` (traders.ts).
 */
import type { ServerContext } from '../context';
import { readSetting } from '../db/settingsStore';
import type { FuturesModule } from '../futures/index';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { Mirror } from './mirror';
import { registerFollowRoutes } from './routes';
import { FollowService } from './service';
import { sqliteFollowStore } from './store';
import type { TraderFigures } from './traders';

export interface FollowModule {
  service: FollowService;
  mirror: Mirror;
  stop(): void;
}

export function mountFollow(
  r: IdentityRouter,
  ctx: ServerContext,
  ledger: Ledger,
  futures: FuturesModule,
  figures: TraderFigures,
): FollowModule {
  const store = sqliteFollowStore(ctx.db);
  const mirror = new Mirror({
    store,
    ledger,
    futures: futures.service,
    clock: ctx.clock,
    defer: queueMicrotask,
    onError: (err, context) => ctx.log.error({ ...context, err }),
  });
  const offPlaced = futures.service.onPlaced(mirror.onPlaced);
  const offEnded = futures.service.onEnded(mirror.onEnded);
  const offCancelled = futures.service.onCancelled(mirror.onCancelled);
  const service = new FollowService({
    store,
    ledger,
    futures: futures.service,
    positions: futures.positions,
    mirror,
    figures,
    clock: ctx.clock,
    setting: () => readSetting(ctx.db, 'TRADER_SETTING', ctx.log),
  });
  registerFollowRoutes(r, service);
  return {
    service,
    mirror,
    stop() {
      offPlaced();
      offEnded();
      offCancelled();
    },
  };
}
