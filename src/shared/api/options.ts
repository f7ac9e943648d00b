/**
 * Options (OPT rules in docs/spec/options.md). The spec shows no option calls: these are ours, in section 7's
 * style. Buying honours Idempotency-Key and clientOrderId.
 */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/options';

export const optionsApi = {
  optionChain: defineEndpoint({
    method: 'GET',
    path: '/api/option/chain',
    summary:
      "An option pair's expiries and strikes with indicative call and put premiums per unit (Black-Scholes on recent realised volatility, fee included)",
    query: S.OptionChainQuery,
    data: S.OptionChain,
  }),
  optionQuote: defineEndpoint({
    method: 'POST',
    path: '/api/option/quote',
    summary: 'A firm price for one option: premium, fee and total, with a quote id accepted for a few seconds',
    body: S.OptionQuoteBody,
    data: S.OptionQuote,
    auth: true,
  }),
  buyOption: defineEndpoint({
    method: 'POST',
    path: '/api/option/order/buy',
    summary:
      'Buy at a quote: the total is paid from the platform account; an expired quote is refused with the new price in the message; honours Idempotency-Key',
    body: S.OptionBuyBody,
    data: S.OptionOrder,
    auth: true,
  }),
  optionOrderList: defineEndpoint({
    method: 'GET',
    path: '/api/option/order/list',
    summary: "The caller's options, newest first, open or settled, paged; or the one of a clientOrderId",
    query: S.OptionOrderListQuery,
    data: S.OptionOrderPage,
    auth: true,
  }),
};
