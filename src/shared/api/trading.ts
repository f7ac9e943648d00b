/**
 * Trading, part 1 (spec 7.4): the depth snapshot (DEPTH rules), spot orders (SPOT rules) and second contracts
 * (SEC rules) of docs/spec/trading.md. Every POST that moves money honours Idempotency-Key.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/trading';
import { RecordQuery } from '../schemas/records';

export const tradingApi = {
  depth: defineEndpoint({
    method: 'GET',
    path: '/api/market/depth',
    summary:
      'Order book snapshot of a pair, best first ([price, amount] decimal strings), with the depth sequence that DEPTH socket deltas continue from (extension)',
    query: S.DepthQuery,
    data: S.DepthSnapshot,
  }),
  submitSpotOrder: defineEndpoint({
    method: 'POST',
    path: '/api/currency/order/submit',
    summary:
      'Place a spot order: limit or market (a protected limit at most 5 % from the best price), buy or sell; holds the worst cost plus the fee; honours Idempotency-Key and clientOrderId',
    body: S.SpotOrderBody,
    data: S.SpotOrder,
    auth: true,
  }),
  cancelSpotOrder: defineEndpoint({
    method: 'POST',
    path: '/api/currency/order/cancelOrder',
    summary: 'Cancel an open spot order of the caller; what is left of its hold is released; honours Idempotency-Key',
    query: S.CancelOrderQuery,
    data: S.SpotOrder,
    auth: true,
  }),
  spotOrderList: defineEndpoint({
    method: 'GET',
    path: '/api/currency/order/orderList',
    summary: "The caller's spot orders, newest first: open ones, or history (filled and cancelled), paged",
    query: S.OrderListQuery,
    data: S.SpotOrderPage,
    auth: true,
  }),
  spotOrderByClientId: defineEndpoint({
    method: 'GET',
    path: '/api/currency/order/byClientId',
    summary:
      "The caller's order with this clientOrderId (extension: how a client whose reply was lost learns the outcome, instead of sending again)",
    query: S.OrderByClientIdQuery,
    data: S.SpotOrder,
    auth: true,
  }),
  spotFills: defineEndpoint({
    method: 'GET',
    path: '/api/currency/order/fills',
    summary: "The caller's spot fills (each trade of each order, with its fee), newest first, paged (extension)",
    query: S.FillListQuery,
    data: S.SpotFillPage,
    auth: true,
  }),
  periodList: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/period/list',
    summary: 'Second-contract periods: length in seconds, payout ratio, minimum and maximum stake, open or not',
    body: S.PeriodListBody,
    data: z.array(S.Period),
  }),
  createSecondOrder: defineEndpoint({
    method: 'POST',
    path: '/api/secondContractOrder/createSecondContractOrder',
    summary:
      'Open a second contract: up or down on a pair, a USDT stake held from the platform account, opening at the last trade when received and closing exactly one period later; honours Idempotency-Key',
    body: S.SecondOrderBody,
    data: S.SecondOrder,
    auth: true,
  }),
  selectSecondOrders: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/secondContractOrder/selectOrderList',
    summary:
      "The caller's second contracts, newest first, open or settled, paged; settled ones carry result, close price, payout and the entry and exit trades",
    body: S.SecondListBody,
    data: S.SecondOrderPage,
    auth: true,
  }),
  secondRecords: defineEndpoint({
    method: 'GET',
    path: '/api/record/second',
    summary:
      "The caller's settled second contracts with their audit (entry and exit trade), newest first, paged, filtered by pair and opening time",
    query: RecordQuery,
    data: S.SecondOrderPage,
    auth: true,
  }),
};
