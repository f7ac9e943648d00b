/**
 * Proxy investing (PROXY rules in docs/spec/proxy.md): our reading is an agent programme (see the schema file).
 * The spec shows the routes only: these calls are ours, in section 7's style. Applying and linking honour
 * Idempotency-Key.
 */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/proxy';

export const proxyApi = {
  proxyInfo: defineEndpoint({
    method: 'GET',
    path: '/api/proxy/info',
    summary: "The agent programme's terms, the caller's role and totals, and the programme's live figures",
    data: S.ProxyInfo,
    auth: true,
  }),
  proxyApply: defineEndpoint({
    method: 'POST',
    path: '/api/proxy/apply',
    summary: 'Become an agent and get a code (a second call returns the same code); honours Idempotency-Key',
    data: S.ProxyApplyResult,
    auth: true,
  }),
  proxyLink: defineEndpoint({
    method: 'POST',
    path: '/api/proxy/link',
    summary: "Invest through an agent's code (once, not one's own); honours Idempotency-Key",
    body: S.ProxyLinkBody,
    data: S.ProxyInfo,
    auth: true,
  }),
  proxyCustomers: defineEndpoint({
    method: 'GET',
    path: '/api/proxy/customers',
    summary: "The agent's customers (masked) with their finance principal and the commission each brought, paged",
    query: S.ProxyPageQuery,
    data: S.ProxyCustomerPage,
    auth: true,
  }),
  proxyEarnings: defineEndpoint({
    method: 'GET',
    path: '/api/proxy/earnings',
    summary: "The agent's commission payments, newest first, paged, with totals by UTC day",
    query: S.ProxyPageQuery,
    data: S.ProxyEarningPage,
    auth: true,
  }),
};
