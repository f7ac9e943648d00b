/** Spot orders' routes (spec 7.4 currency/order/*; SPOT-*): thin, through the one Router. */
import { tradingApi } from '../../../src/shared/api/trading';
import type { IdentityRouter } from '../identity/service';
import type { SpotService } from './service';

export function registerSpotRoutes(r: IdentityRouter, spot: SpotService): void {
  r.route(tradingApi.submitSpotOrder, ({ user, body }) => spot.submit(user.id, body), { idempotent: true });
  r.route(tradingApi.cancelSpotOrder, ({ user, query }) => spot.cancel(user.id, query.id), { idempotent: true });
  r.route(tradingApi.spotOrderList, ({ user, query }) => spot.list(user.id, query));
  r.route(tradingApi.spotOrderByClientId, ({ user, query }) => spot.byClientId(user.id, query.clientOrderId));
  r.route(tradingApi.spotFills, ({ user, query }) => spot.fills(user.id, query));
}
