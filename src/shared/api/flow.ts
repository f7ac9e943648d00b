/**
 * Flow orders: P2P trading of USDT against fiat (FLOW rules in docs/spec/flow.md; reading in the schema file).
 * The spec shows the routes only: these calls are ours, in section 7's style. Every POST that moves or holds
 * money honours Idempotency-Key.
 */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/flow';

export const flowApi = {
  flowOffers: defineEndpoint({
    method: 'GET',
    path: '/api/flow/offers',
    summary: 'Open offers for the customer side asked (buy lists merchants selling), best price first, paged',
    query: S.FlowOfferQuery,
    data: S.FlowOfferPage,
  }),
  flowMyOffers: defineEndpoint({
    method: 'GET',
    path: '/api/flow/myOffers',
    summary: "The caller's own offers (merchants), newest first, paged",
    query: S.FlowOrderQuery,
    data: S.FlowOfferPage,
    auth: true,
  }),
  flowOfferPost: defineEndpoint({
    method: 'POST',
    path: '/api/flow/offer',
    summary:
      'Post an offer (active merchants only); a sell offer holds its USDT until taken or closed; honours Idempotency-Key',
    body: S.FlowOfferBody,
    data: S.FlowOffer,
    auth: true,
  }),
  flowOfferClose: defineEndpoint({
    method: 'POST',
    path: '/api/flow/offer/close',
    summary: "Close one of the caller's offers (what is not in an order is released); honours Idempotency-Key",
    body: S.FlowIdBody,
    data: S.FlowOffer,
    auth: true,
  }),
  flowTake: defineEndpoint({
    method: 'POST',
    path: '/api/flow/take',
    summary:
      "Take an offer: the seller's USDT is held in escrow and the payment window starts; honours Idempotency-Key",
    body: S.FlowTakeBody,
    data: S.FlowOrder,
    auth: true,
  }),
  flowOrder: defineEndpoint({
    method: 'GET',
    path: '/api/flow/order',
    summary: 'One order the caller is party to',
    query: S.FlowIdQuery,
    data: S.FlowOrder,
    auth: true,
  }),
  flowOrders: defineEndpoint({
    method: 'GET',
    path: '/api/flow/orders',
    summary: "The caller's orders (as customer or merchant), newest first, paged",
    query: S.FlowOrderQuery,
    data: S.FlowOrderPage,
    auth: true,
  }),
  flowPaid: defineEndpoint({
    method: 'POST',
    path: '/api/flow/paid',
    summary:
      'The buyer marks the order paid (the payment itself happens outside the exchange); honours Idempotency-Key',
    body: S.FlowIdBody,
    data: S.FlowOrder,
    auth: true,
  }),
  flowConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/flow/confirm',
    summary: 'The seller confirms receipt: the escrow is released to the buyer; honours Idempotency-Key',
    body: S.FlowIdBody,
    data: S.FlowOrder,
    auth: true,
  }),
  flowCancel: defineEndpoint({
    method: 'POST',
    path: '/api/flow/cancel',
    summary: 'Either side cancels an unpaid order: the escrow goes back to the seller; honours Idempotency-Key',
    body: S.FlowIdBody,
    data: S.FlowOrder,
    auth: true,
  }),
  flowMerchant: defineEndpoint({
    method: 'GET',
    path: '/api/flow/merchant',
    summary: "The caller's merchant standing and the programme's requirement",
    data: S.FlowMerchant,
    auth: true,
  }),
  flowApply: defineEndpoint({
    method: 'POST',
    path: '/api/flow/apply',
    summary: 'Become a merchant: the security deposit is held from platform USDT; honours Idempotency-Key',
    body: S.FlowApplyBody,
    data: S.FlowMerchant,
    auth: true,
  }),
};
