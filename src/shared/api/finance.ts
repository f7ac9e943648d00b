/**
 * Finance products (FIN rules in docs/spec/finance.md). The spec shows `getFinanceAmount` only (in user.ts):
 * these calls are ours, in section 7's style. Subscribing and redeeming honour Idempotency-Key.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/finance';

export const financeApi = {
  financeProducts: defineEndpoint({
    method: 'GET',
    path: '/api/finance/products',
    summary: 'The finance products with rate, term, limits, quota left and redemption rule; filter by coin and kind',
    query: S.FinanceProductQuery,
    data: z.array(S.FinanceProduct),
  }),
  financeProduct: defineEndpoint({
    method: 'GET',
    path: '/api/finance/product',
    summary: 'One finance product',
    query: S.FinanceProductIdQuery,
    data: S.FinanceProduct,
  }),
  financeSubscribe: defineEndpoint({
    method: 'POST',
    path: '/api/finance/subscribe',
    summary:
      'Subscribe: the amount moves from the platform account to the finance account and is held there until redeemed or matured; honours Idempotency-Key',
    body: S.FinanceSubscribeBody,
    data: S.FinanceHolding,
    auth: true,
  }),
  financeHoldings: defineEndpoint({
    method: 'GET',
    path: '/api/finance/holdings',
    summary: "The caller's holdings, active or ended, with interest accrued and paid, paged",
    query: S.FinanceHoldingQuery,
    data: S.FinanceHoldingPage,
    auth: true,
  }),
  financeSummary: defineEndpoint({
    method: 'GET',
    path: '/api/finance/summary',
    summary: "The caller's totals per coin: principal, interest accrued, paid, and yesterday's",
    data: S.FinanceSummary,
    auth: true,
  }),
  financeRedeem: defineEndpoint({
    method: 'POST',
    path: '/api/finance/redeem',
    summary:
      "Redeem a holding: principal (and interest owed) back to the platform account; early redemption follows the product's rule; honours Idempotency-Key",
    body: S.FinanceRedeemBody,
    data: S.FinanceRedeemResult,
    auth: true,
  }),
  financeAutoRenew: defineEndpoint({
    method: 'POST',
    path: '/api/finance/autoRenew',
    summary: 'Turn auto-renewal of a fixed holding on or off (where the product allows it)',
    body: S.FinanceAutoRenewBody,
    data: S.FinanceHolding,
    auth: true,
  }),
  financeHistory: defineEndpoint({
    method: 'GET',
    path: '/api/finance/history',
    summary: "The caller's subscriptions, interest payments, redemptions, maturities and renewals, newest first, paged",
    query: S.FinanceHistoryQuery,
    data: S.FinanceHistoryPage,
    auth: true,
  }),
};
