/** Futures' routes (spec 7.4 contract/*, record/trading; FUT-*): thin, through the one Router. */
import { futuresApi } from '../../../src/shared/api/futures';
import { recordsApi } from '../../../src/shared/api/records';
import type { IdentityRouter } from '../identity/service';
import type { Marks } from '../context';
import type { Funding } from './funding';
import type { Positions } from './positions';
import type { FuturesService } from './service';

export function registerFuturesRoutes(
  r: IdentityRouter,
  svc: FuturesService,
  positions: Positions,
  funding: Funding,
  marks: Marks,
): void {
  r.route(futuresApi.submitFuturesOrder, ({ user, body }) => svc.submit(user.id, body), { idempotent: true });
  r.route(futuresApi.cancelFuturesOrder, ({ user, query }) => svc.cancel(user.id, query.id), { idempotent: true });
  r.route(futuresApi.futuresOrderList, ({ user, query }) => svc.list(user.id, query));
  r.route(futuresApi.positionList, ({ user, query }) => positions.list(user.id, query));
  r.route(futuresApi.closePosition, ({ user, query }) => positions.close(user.id, query), { idempotent: true });
  r.route(futuresApi.adjustMargin, ({ user, query }) => positions.adjustMargin(user.id, query), { idempotent: true });
  r.route(futuresApi.lossList, ({ user }) => positions.lossList(user.id));
  r.route(futuresApi.setLoss, ({ user, body }) => positions.setLoss(user.id, body), { idempotent: true });
  r.route(futuresApi.cancelLoss, ({ user, query }) => positions.cancelLoss(user.id, query.id), { idempotent: true });
  r.route(futuresApi.marks, ({ query }) => {
    svc.pairOf(query.symbol);
    return marks.recent(query.symbol, query.limit);
  });
  r.route(futuresApi.funding, ({ query }) => funding.info(query.symbol));
  r.route(recordsApi.futuresRecords, ({ user, query }) => positions.records(user.id, query));
}
