/**
 * USDT-margined futures (spec 7.4 contract/*; FUT rules in docs/spec/futures.md). Every POST that moves money
 * honours Idempotency-Key; orders also take a clientOrderId that the order list can be asked for.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/futures';

export const futuresApi = {
  submitFuturesOrder: defineEndpoint({
    method: 'POST',
    path: '/api/contract/order/submit',
    summary:
      'Open or close a long or short position: limit or market (a protected limit at most 5 % from the best price); opening holds margin + open fee from the contract account; closing is reduce-only; honours Idempotency-Key and clientOrderId',
    body: S.FuturesOrderBody,
    data: S.FuturesOrder,
    auth: true,
  }),
  futuresOrderList: defineEndpoint({
    method: 'GET',
    path: '/api/contract/order/list',
    summary: "The caller's futures orders, newest first: open ones or history, paged; or the one of a clientOrderId",
    query: S.FuturesOrderListQuery,
    data: S.FuturesOrderPage,
    auth: true,
  }),
  cancelFuturesOrder: defineEndpoint({
    method: 'POST',
    path: '/api/contract/order/canCelOrder',
    summary:
      'Cancel an open futures order of the caller; what is left of its hold is released; honours Idempotency-Key',
    query: S.FuturesCancelQuery,
    data: S.FuturesOrder,
    auth: true,
  }),
  positionList: defineEndpoint({
    method: 'GET',
    path: '/api/contract/position/list',
    summary:
      "The caller's positions, open (default) or closed and liquidated, with the figures at the server's current mark",
    query: S.PositionListQuery,
    data: S.PositionPage,
    auth: true,
  }),
  closePosition: defineEndpoint({
    method: 'POST',
    path: '/api/contract/position/stopOrder',
    summary: 'Close a position at market, all of it or `shares` of it; honours Idempotency-Key',
    query: S.ClosePositionQuery,
    data: S.FuturesOrder,
    auth: true,
  }),
  adjustMargin: defineEndpoint({
    method: 'POST',
    path: '/api/contract/position/adjustAmount',
    summary:
      'Add margin to a position from the contract account, or remove some (refused when the liquidation price would pass the mark); honours Idempotency-Key',
    query: S.AdjustMarginQuery,
    data: S.Position,
    auth: true,
  }),
  lossList: defineEndpoint({
    method: 'GET',
    path: '/api/contract/loss/list',
    summary: "The caller's take-profit and stop-loss entries, newest first",
    data: z.array(S.LossEntry),
    auth: true,
  }),
  setLoss: defineEndpoint({
    method: 'POST',
    path: '/api/contract/loss/sett',
    summary:
      "Set a position's take-profit and stop-loss (triggered by the mark price; a stop-loss beyond the liquidation price is refused)",
    body: S.LossSetBody,
    data: S.LossEntry,
    auth: true,
  }),
  cancelLoss: defineEndpoint({
    method: 'POST',
    path: '/api/contract/loss/cancel',
    summary: 'Cancel a take-profit and stop-loss entry',
    query: S.LossCancelQuery,
    data: S.LossEntry,
    auth: true,
  }),
  marks: defineEndpoint({
    method: 'GET',
    path: '/api/contract/marks',
    summary:
      'The newest mark ticks of a pair, newest last: each the index plus the smoothed basis (last trade - index), clamped to a band around the index, with both inputs and the last trade (extension; the evidence of liquidations and triggers)',
    query: S.MarkQuery,
    data: S.MarkList,
  }),
  funding: defineEndpoint({
    method: 'GET',
    path: '/api/contract/funding',
    summary:
      "A pair's funding: the rate the next round would use now, when it is, and the open notional per side (extension)",
    query: S.FundingQuery,
    data: S.FundingInfo,
  }),
};
