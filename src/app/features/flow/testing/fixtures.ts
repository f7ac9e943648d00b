/** The flow tests' offer and order: one open sell offer of Ana's and one unpaid bank order on it; a test overrides what it is about. */
import type { FlowOffer, FlowOrder } from '../../../../shared/schemas/flow';

export function flowOffer(p: Partial<FlowOffer> = {}): FlowOffer {
  return {
    id: 7,
    merchant: 'Ana',
    merchantOrders: 12,
    merchantRate: '98.5',
    side: 'sell',
    coin: 'USDT',
    fiat: 'USD',
    price: '1.02',
    available: '500',
    minFiat: '10',
    maxFiat: '300',
    methods: ['bank'],
    payWindowMin: 15,
    terms: '',
    status: 'open',
    createdAt: 1,
    mine: false,
    ...p,
  };
}

export function flowOrder(p: Partial<FlowOrder> = {}): FlowOrder {
  return {
    id: 3,
    offerId: 7,
    role: 'buyer',
    asMerchant: false,
    counterparty: 'Ana',
    coin: 'USDT',
    fiat: 'USD',
    price: '1.02',
    amount: '49.01',
    fiatAmount: '50.00',
    method: 'bank',
    state: 'unpaid',
    createdAt: 100_000,
    payBy: 1_000_000,
    paidAt: null,
    endedAt: null,
    endedBy: null,
    payDetails: 'IBAN X',
    terms: '',
    ...p,
  };
}
