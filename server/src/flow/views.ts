/**
 * What the flow calls answer with (FLOW-9): an offer with its merchant's record, an order seen by one of its parties
 * (the counterparty by merchant name, or masked). Read-only; the service builds every reply through these.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { FlowOffer, FlowOrder } from '../../../src/shared/schemas/flow';
import { maskCustomer } from '../proxy/service';
import type { FlowStore, OfferRow, OrderRow } from './store';

const USDT = 'USDT';

/** FLOW-9: completion rate in percent (2 decimals, rounded down) of completed over completed + failed. */
export function completionRate(completed: number, failed: number): string {
  const n = completed + failed;
  if (n === 0) return '0';
  return new Decimal(completed).times(100).div(n).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
}

export function offerView(store: FlowStore, o: OfferRow, callerId: number | undefined): FlowOffer {
  const m = store.merchant(o.merchantId);
  const { completed, failed } = store.merchantRecord(o.merchantId);
  return {
    id: o.id,
    merchant: m?.name ?? '',
    merchantOrders: completed,
    merchantRate: completionRate(completed, failed),
    side: o.side,
    coin: USDT,
    fiat: o.fiat,
    price: o.price,
    available: o.available,
    minFiat: o.minFiat,
    maxFiat: o.maxFiat,
    methods: o.methods,
    payWindowMin: o.payWindowMin,
    terms: o.terms,
    status: o.status,
    createdAt: o.createdAt,
    mine: callerId === o.merchantId,
  };
}

function nameOf(store: FlowStore, userId: number, merchant: boolean): string {
  if (merchant) {
    const m = store.merchant(userId);
    if (m) return m.name;
  }
  const u = store.userName(userId);
  return u ? maskCustomer(u) : '***';
}

export function orderView(store: FlowStore, o: OrderRow, callerId: number): FlowOrder {
  const role = o.buyerId === callerId ? 'buyer' : 'seller';
  const other = role === 'buyer' ? o.sellerId : o.buyerId;
  return {
    id: o.id,
    offerId: o.offerId,
    role,
    asMerchant: o.merchantId === callerId,
    counterparty: nameOf(store, other, other === o.merchantId),
    coin: USDT,
    fiat: o.fiat,
    price: o.price,
    amount: o.amount,
    fiatAmount: o.fiatAmount,
    method: o.method,
    state: o.state,
    createdAt: o.createdAt,
    payBy: o.payBy,
    paidAt: o.paidAt,
    endedAt: o.endedAt,
    endedBy: o.endedBy,
    payDetails: o.payDetails,
    terms: o.terms,
  };
}
