/**
 * Shapes of flow orders (FLOW rules in docs/spec/flow.md; spec 2.1 `/floworder`, `/floworder/confirm/{id}`,
 * `/floworder/mine`, `/floworder/apply`). Our reading (README "Readings"): over-the-counter (P2P) trading of USDT
 * against fiat. Approved merchants post buy and sell offers; a customer takes one and the seller's USDT is held in
 * escrow in the journal; the buyer pays outside the system and marks paid; the seller confirms and the escrow goes
 * to the buyer. Either side cancels before payment; a payment window that runs out releases it. Amounts are exact
 * decimal strings: USDT with at most 6 decimals, fiat with 2; prices fiat per USDT.
 */
import { z } from 'zod';
import { amountStr, bodyInt, oneOf, queryInt } from './strict';
import { pageNum, pageSize } from './paging';
import { DecimalStr } from '../money';

/** The fiat currencies offers can be priced in. */
export const FLOW_FIATS = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'TRY', 'VND', 'BRL'] as const;
export const FlowFiat = z.enum(FLOW_FIATS);
export type FlowFiat = z.infer<typeof FlowFiat>;
/** Payment methods a merchant may accept (the payment itself happens outside the exchange). */
export const FLOW_PAY_METHODS = ['bank', 'card', 'wallet', 'cash'] as const;
export const FlowPayMethod = z.enum(FLOW_PAY_METHODS);
export type FlowPayMethod = z.infer<typeof FlowPayMethod>;

/** An offer's side from the merchant's view: 'sell' = the merchant sells USDT (customers buy). */
export const FlowSide = z.enum(['buy', 'sell']);
export type FlowSide = z.infer<typeof FlowSide>;

export const FlowOffer = z.object({
  id: z.number().int(),
  merchant: z.string(),
  /** The merchant's completed orders and completion rate in percent (their record, computed live). */
  merchantOrders: z.number().int(),
  merchantRate: DecimalStr,
  side: FlowSide,
  coin: z.literal('USDT'),
  fiat: FlowFiat,
  price: DecimalStr,
  /** USDT still available on the offer, and the per-order limits in fiat. */
  available: DecimalStr,
  minFiat: DecimalStr,
  maxFiat: DecimalStr,
  methods: z.array(FlowPayMethod).min(1),
  /** Minutes the buyer has to pay after taking. */
  payWindowMin: z.number().int(),
  terms: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: z.number().int(),
  /** Whether the caller posted it. */
  mine: z.boolean(),
});
export type FlowOffer = z.infer<typeof FlowOffer>;

export const FlowOfferQuery = z.object({
  pageNum,
  pageSize,
  /** The customer's side: 'buy' lists the merchants' sell offers. */
  side: z.enum(['buy', 'sell']).default('buy'),
  /** Empty: every fiat, every method. */
  fiat: oneOf(['', ...FLOW_FIATS]).default(''),
  method: oneOf(['', ...FLOW_PAY_METHODS]).default(''),
});
export const FlowOfferPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(FlowOffer) });
export type FlowOfferPage = z.infer<typeof FlowOfferPage>;

export const FlowOfferBody = z.object({
  side: FlowSide,
  fiat: FlowFiat,
  price: amountStr({ field: 'Price', required: 'Enter a price' }),
  amount: amountStr({ required: 'Enter the USDT amount' }),
  minFiat: amountStr({ field: 'Minimum', required: 'Enter the minimum per order' }),
  maxFiat: amountStr({ field: 'Maximum', required: 'Enter the maximum per order' }),
  methods: z.array(FlowPayMethod).min(1, 'Choose at least one payment method').max(4),
  payWindowMin: bodyInt(z.number().int()),
  terms: z.string().trim().max(500, 'Terms have at most 500 characters').default(''),
});
export type FlowOfferBody = z.infer<typeof FlowOfferBody>;
export const FlowIdBody = z.object({ id: bodyInt(z.number().int().positive('id is required')) });
export const FlowIdQuery = z.object({ id: queryInt(z.number().int().positive('id is required')) });

/** Taking an offer: the fiat amount or the USDT amount (one of them), and the payment method. */
export const FlowTakeBody = z.object({
  offerId: bodyInt(z.number().int().positive('Choose an offer')),
  /** 'fiat': `amount` is in the offer's fiat; 'coin': in USDT. */
  by: z.enum(['fiat', 'coin']),
  amount: amountStr({ required: 'Enter an amount' }),
  method: FlowPayMethod,
  /** Required when the taker sells (a merchant's buy offer): how the merchant pays the taker. */
  payDetails: z.string().trim().max(300, 'Payment details have at most 300 characters').default(''),
});
export type FlowTakeBody = z.infer<typeof FlowTakeBody>;

export const FLOW_ORDER_STATES = ['unpaid', 'paid', 'completed', 'cancelled', 'expired'] as const;
export const FlowOrderState = z.enum(FLOW_ORDER_STATES);
export type FlowOrderState = z.infer<typeof FlowOrderState>;

export const FlowOrder = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  /** The caller's role in the order. */
  role: z.enum(['buyer', 'seller']),
  /** Whether the caller is the offer's merchant. */
  asMerchant: z.boolean(),
  counterparty: z.string(),
  coin: z.literal('USDT'),
  fiat: FlowFiat,
  price: DecimalStr,
  amount: DecimalStr,
  fiatAmount: DecimalStr,
  method: FlowPayMethod,
  state: FlowOrderState,
  createdAt: z.number().int(),
  /** When the buyer's payment window ends (state 'unpaid'). */
  payBy: z.number().int(),
  paidAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  /** Who cancelled ('buyer' | 'seller'), or 'timeout'. */
  endedBy: z.string().nullable(),
  /** The seller's payment details (the merchant's, or the taker's when the taker sells), and the offer's terms. */
  payDetails: z.string(),
  terms: z.string(),
});
export type FlowOrder = z.infer<typeof FlowOrder>;
export const FlowOrderQuery = z.object({
  pageNum,
  pageSize,
  /** 'active' = unpaid or paid; 'ended' = the rest; 'all'. */
  state: z.enum(['all', 'active', 'ended']).default('all'),
});
export const FlowOrderPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(FlowOrder) });
export type FlowOrderPage = z.infer<typeof FlowOrderPage>;

/** The caller's merchant standing (FLOW-2). */
export const FlowMerchant = z.object({
  state: z.enum(['none', 'active', 'suspended']),
  /** The security deposit held while a merchant, and what the programme asks. */
  deposit: DecimalStr,
  requiredDeposit: DecimalStr,
  /** The name customers see. */
  name: z.string().nullable(),
  payDetails: z.string().nullable(),
  completed: z.number().int(),
  rate: DecimalStr,
});
export type FlowMerchant = z.infer<typeof FlowMerchant>;
export const FlowApplyBody = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'A merchant name has at least 2 characters')
    .max(24, 'A merchant name has at most 24 characters'),
  /** How buyers pay the merchant (account numbers...), shown to the buyer of a taken order only. */
  payDetails: z
    .string()
    .trim()
    .min(4, 'Enter how buyers pay you')
    .max(300, 'Payment details have at most 300 characters'),
});
export type FlowApplyBody = z.infer<typeof FlowApplyBody>;
