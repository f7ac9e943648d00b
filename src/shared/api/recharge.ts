/** The deposit calls of spec 7.2 (DEP-*): addresses, the caller's deposits, deposit bonuses, payment declarations. */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/recharge';

export const rechargeApi = {
  getAdress: defineEndpoint({
    method: 'POST',
    path: '/api/recharge/getAdress',
    summary:
      "The caller's deposit address for a coin and network (symbol), stable across calls and restarts, with the memo where the network needs one, the minimum and the confirmations needed",
    query: S.GetAddressQuery,
    data: S.DepositAddress,
    auth: true,
  }),
  rechargeList: defineEndpoint({
    method: 'GET',
    path: '/api/recharge/list',
    summary:
      "The caller's deposits, newest first, paged: chain deposits with their confirmations and status, and declared payments the chain has not seen yet",
    query: S.PageQuery,
    data: S.DepositPage,
    auth: true,
  }),
  bonsList: defineEndpoint({
    method: 'GET',
    path: '/api/recharge/bonsList',
    summary: "The caller's deposit bonuses (the welfare centre's paid rewards), newest first, paged",
    query: S.PageQuery,
    data: S.BonusPage,
    auth: true,
  }),
  payAddress: defineEndpoint({
    method: 'POST',
    path: '/api/recharge/payAddress',
    summary:
      'Declare a payment sent to the deposit address (amount, tx hash, optional voucher image); it stays pending until the chain shows the same transaction or the operator matches it; honours Idempotency-Key',
    body: S.PayAddressBody,
    data: S.DepositRow,
    auth: true,
  }),
};
