/** The finance calls (FIN-*; ours, in section 7's style): thin. Money-moving POSTs honour Idempotency-Key. */
import { financeApi } from '../../../src/shared/api/finance';
import type { IdentityRouter } from '../identity/service';
import type { FinanceService } from './service';

export function registerFinanceRoutes(r: IdentityRouter, finance: FinanceService): void {
  r.route(financeApi.financeProducts, ({ query, lang }) => finance.products(query, lang));
  r.route(financeApi.financeProduct, ({ query, lang }) => finance.product(query.id, lang));
  r.route(financeApi.financeSubscribe, ({ user, body, lang }) => finance.subscribe(user.id, body, lang), {
    idempotent: true,
  });
  r.route(financeApi.financeHoldings, ({ user, query, lang }) => finance.holdings(user.id, query, lang));
  r.route(financeApi.financeSummary, ({ user }) => finance.summary(user.id));
  r.route(financeApi.financeRedeem, ({ user, body }) => finance.redeem(user.id, body.holdingId), { idempotent: true });
  r.route(
    financeApi.financeAutoRenew,
    ({ user, body }) => finance.setAutoRenew(user.id, body.holdingId, body.autoRenew),
    {
      idempotent: true,
    },
  );
  r.route(financeApi.financeHistory, ({ user, query, lang }) => finance.history(user.id, query, lang));
}
