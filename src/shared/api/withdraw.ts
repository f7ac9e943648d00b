/** The withdrawal calls of spec 7.2 (WDR-*): channels and their rules, submit, list, status, cancel. */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/withdraw';

export const withdrawApi = {
  getWithDrawCoinList: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/common/getWithDrawCoinList',
    summary:
      'Open withdrawal channels with the rules that apply to the caller now: fees, free and daily counts left, minimum, maximum, time window, trade password and code',
    data: S.WithdrawChannelList,
    auth: true,
  }),
  withdrawSubmit: defineEndpoint({
    method: 'POST',
    path: '/api/withdraw/submit',
    summary:
      'Submit a withdrawal: checks the rules, the address format and the trade password, holds amount + fee; honours Idempotency-Key',
    query: S.WithdrawSubmitQuery,
    data: S.Withdrawal,
    auth: true,
  }),
  withdrawList: defineEndpoint({
    method: 'GET',
    path: '/api/withdraw/list',
    summary: "The caller's withdrawals, newest first, paged",
    query: S.PageQuery,
    data: S.WithdrawPage,
    auth: true,
  }),
  getWithdrawStatus: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/withdraw/getWithdrawStatus',
    summary:
      'A withdrawal by id, or by the Idempotency-Key it was submitted with, or (neither given) the latest pending one; null when none',
    query: S.WithdrawStatusQuery,
    data: S.Withdrawal.nullable(),
    auth: true,
  }),
  withdrawCancel: defineEndpoint({
    method: 'POST',
    path: '/api/withdraw/cancel',
    summary: 'Cancel a pending withdrawal of the caller: the held amount and fee return; honours Idempotency-Key',
    query: S.WithdrawIdQuery,
    data: S.Withdrawal,
    auth: true,
  }),
};
