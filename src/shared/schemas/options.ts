/**
 * Shapes of options (OPT rules in docs/spec/options.md; the spec shows no option calls, these are ours):
 * short-dated European calls and puts on the option pairs, cash-settled in USDT. Customers buy, the house writes.
 * Prices and amounts are exact decimal strings; times are server ms.
 */
import { z } from 'zod';
import { amountStr, bodyInt } from './strict';
import { pageNum, pageSize, PairSymbol as Symbol } from './paging';
import { DecimalStr } from '../money';
import { ClientOrderId, TradeEvidence } from './trading';

export const OptionKind = z.enum(['call', 'put']);
export type OptionKind = z.infer<typeof OptionKind>;
/** The expiry series (OPT-2): the next boundary of 5 min, 15 min, 1 h and 1 day. */
export const OptionTenor = z.enum(['5m', '15m', '1h', '1d']);
export type OptionTenor = z.infer<typeof OptionTenor>;

export const OptionChainQuery = z.object({ symbol: Symbol });
/** One strike of an expiry with indicative premiums per unit of the coin, before the fee (a quote's unitPremium). */
export const OptionStrike = z.object({ strike: DecimalStr, call: DecimalStr, put: DecimalStr });
export const OptionExpiry = z.object({
  tenor: OptionTenor,
  /** Expiry time (ms): settled at the last trade at or before it. */
  expiry: z.number().int(),
  strikes: z.array(OptionStrike),
});
/** GET /api/option/chain: what can be bought now. */
export const OptionChain = z.object({
  symbol: z.string(),
  /** The last trade's price the premiums use. */
  spot: DecimalStr,
  /** Annualised realised volatility the premiums use (a fraction, "0.62"). */
  volatility: DecimalStr,
  /** The fee (OPT-4): feeType 1 = percent of the premium, 2 = fixed USDT per unit. */
  feeType: z.number().int(),
  feeValue: DecimalStr,
  time: z.number().int(),
  expiries: z.array(OptionExpiry),
});
export type OptionChain = z.infer<typeof OptionChain>;

/** POST /api/option/quote. `quantity` is in the coin, at most the pair's amount decimals. */
export const OptionQuoteBody = z.object({
  symbol: Symbol,
  kind: OptionKind,
  expiry: bodyInt(z.number().int().positive('Choose an expiry')),
  strike: amountStr({ field: 'Strike' }),
  quantity: amountStr({ field: 'Quantity' }),
});
export type OptionQuoteBody = z.infer<typeof OptionQuoteBody>;

/** What a quote fixes and an order bought at it keeps: the option, its price, and the price's inputs. */
const OptionTerms = z.object({
  symbol: z.string(),
  kind: OptionKind,
  expiry: z.number().int(),
  strike: DecimalStr,
  quantity: DecimalStr,
  /** Black-Scholes premium per unit of the coin, before the fee (rounded up to the price decimals). */
  unitPremium: DecimalStr,
  /** unitPremium x quantity, and the fee on it, in USDT. */
  premium: DecimalStr,
  fee: DecimalStr,
  /** The inputs: spot (last trade) and volatility (with the years to expiry); an order keeps them as its audit. */
  spot: DecimalStr,
  volatility: DecimalStr,
});

export const OptionQuote = OptionTerms.extend({
  quoteId: z.string(),
  /** premium + fee, in USDT. */
  total: DecimalStr,
  serverTime: z.number().int(),
  /** The quote is accepted until then (OPT-5). */
  expiresAt: z.number().int(),
});
export type OptionQuote = z.infer<typeof OptionQuote>;

/** POST /api/option/order/buy: buy at a quote; honours Idempotency-Key. An expired quote is refused. */
export const OptionBuyBody = z.object({
  quoteId: z.string().trim().min(1, 'quoteId is required').max(100),
  clientOrderId: ClientOrderId.optional(),
});
export type OptionBuyBody = z.infer<typeof OptionBuyBody>;

export const OptionOrder = OptionTerms.extend({
  id: z.number().int(),
  clientOrderId: z.string().nullable(),
  tenor: OptionTenor,
  createTime: z.number().int(),
  status: z.enum(['open', 'settled']),
  /** The last trade published when it was bought (the log holds it and every trade after it; SEC-14, OPT-16). */
  entry: TradeEvidence.optional(),
  /** Settled: the last trade at or before expiry, the settlement price, what was paid (0 when out of the money). */
  exit: TradeEvidence.nullable(),
  settlePrice: DecimalStr.nullable(),
  payout: DecimalStr.nullable(),
  settleTime: z.number().int().nullable(),
});
export type OptionOrder = z.infer<typeof OptionOrder>;

export const OptionOrderListQuery = z.object({
  status: z.enum(['open', 'settled']).optional(),
  symbol: Symbol.optional(),
  clientOrderId: ClientOrderId.optional(),
  pageNum,
  pageSize,
});
export const OptionOrderPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(OptionOrder) });
export type OptionOrderPage = z.infer<typeof OptionOrderPage>;
