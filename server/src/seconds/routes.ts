/** The second-contract calls (spec 7.4 period/list, secondContractOrder/*, record/second; SEC-*): thin. */
import { tradingApi } from '../../../src/shared/api/trading';
import type { IdentityRouter } from '../identity/service';
import type { SecondContracts } from './service';

export function registerSecondRoutes(r: IdentityRouter, seconds: SecondContracts): void {
  r.route(tradingApi.periodList, () => seconds.periods());
  r.route(tradingApi.createSecondOrder, ({ user, body }) => seconds.create(user.id, body), { idempotent: true });
  r.route(tradingApi.selectSecondOrders, ({ user, body }) => seconds.list(user.id, body));
  r.route(tradingApi.secondRecords, ({ user, query }) => seconds.list(user.id, { ...query, status: 'settled' }));
}
