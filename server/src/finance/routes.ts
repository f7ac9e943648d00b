/** The finance calls (FIN-*; ours, in section 7's style): thin. Money-moving POSTs honour Idempotency-Key. */
import { financeApi } from '../../../src/shared/api/finance';
import type { IdentityRouter } from '../identity/service';
import type { FinanceService } from './service';

export function registerFinanceRoutes(r: IdentityRouter, finance: FinanceService): void {
  r.route(financeApi.financeProducts, ({ query }) => finance.products(query));
  r.route(financeApi.financeProduct, ({ query }) => finance.product(query.id));
  r.route(financeApi.financeSubscribe, ({ user, body }) => finance.subscribe(user.id, body), { idempotent: true });
  r.route(financeApi.financeHoldings, ({ user, query }) => finance.holdings(user.id, query));
  r.route(financeApi.financeSummary, ({ user }) => finance.summary(user.id));
  r.route(financeApi.financeRedeem, ({ user, body }) => finance.redeem(user.id, body.holdingId), { idempotent: true });
  r.route(
    financeApi.financeAutoRenew,
    ({ user, body }) => finance.setAutoRenew(user.id, body.holdingId, body.autoRenew),
    {
      idempotent: true,
    },
  );
  r.route(financeApi.financeHistory, ({ user, query }) => finance.history(user.id, query));
}
