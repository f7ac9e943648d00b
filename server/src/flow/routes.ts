/** Flow (P2P) orders' calls (FLOW-*; ours, the spec shows the routes only): thin. Every POST is idempotent. */
import { flowApi } from '../../../src/shared/api/flow';
import type { IdentityRouter } from '../identity/service';
import type { FlowService } from './service';

export function registerFlowRoutes(r: IdentityRouter, flow: FlowService): void {
  const idem = { idempotent: true };
  r.route(flowApi.flowOffers, ({ user, query }) => flow.offers(query, user?.id));
  r.route(flowApi.flowMyOffers, ({ user, query }) => flow.myOffers(user.id, query));
  r.route(flowApi.flowOfferPost, ({ user, body }) => flow.postOffer(user.id, body), idem);
  r.route(flowApi.flowOfferClose, ({ user, body }) => flow.closeOffer(user.id, body.id), idem);
  r.route(flowApi.flowTake, ({ user, body }) => flow.take(user.id, body), idem);
  r.route(flowApi.flowOrder, ({ user, query }) => flow.order(user.id, query.id));
  r.route(flowApi.flowOrders, ({ user, query }) => flow.orders(user.id, query));
  r.route(flowApi.flowPaid, ({ user, body }) => flow.paid(user.id, body.id), idem);
  r.route(flowApi.flowConfirm, ({ user, body }) => flow.confirm(user.id, body.id), idem);
  r.route(flowApi.flowCancel, ({ user, body }) => flow.cancel(user.id, body.id), idem);
  r.route(flowApi.flowMerchant, ({ user }) => flow.merchant(user.id));
  r.route(flowApi.flowApply, ({ user, body }) => flow.apply(user.id, body), idem);
}
