/**
 * The spot order form as pure functions (TRADE-11, TRADE-12), on top of the shared pair rules
 * (src/shared/trading/spotRules.ts, the very check the server runs): what the submit button says, the largest
 * amount the balance pays for and the slider's share of it, the total and fee shown while typing, the price
 * prefill. Decimal strings only, never binary floats. No React, no I/O.
 */
import { Decimal } from '../../../../shared/decimal';
import type { SpotPair } from '../../../../shared/schemas/coins';
import {
  MARKET_PROTECTION,
  checkSpotOrder,
  maxSpotAmount,
  orderSums,
  protectionPrice,
  type SpotBookState,
  type SpotCheck,
  type SpotOrderInput,
  type SpotSide,
} from '../../../../shared/trading/spotRules';

export type OrderType = 'limit' | 'market';

/** What one side of the form holds, as typed. */
export interface TicketInput {
  side: SpotSide;
  type: OrderType;
  price: string;
  amount: string;
}

/** The slider's stops, in percent of the largest amount (TRADE-11). */
export const SLIDER_STOPS = [0, 25, 50, 75, 100] as const;

/** "0.05" → "5": the market protection as a percent, for the sentence that states it. */
export const PROTECTION_PERCENT = new Decimal(MARKET_PROTECTION).times(100).toFixed();

const PLAIN = /^\d+(\.\d+)?$/;

/** The coin an order holds: the quote coin for a buy, the pair's coin for a sell. */
export function holdCoin(pair: Pick<SpotPair, 'coin' | 'baseCoin'>, side: SpotSide): string {
  return side === 'buy' ? pair.baseCoin : pair.coin;
}

/** The order as the rules and the server read it: a market order carries no price. */
export function orderInput(t: TicketInput): SpotOrderInput {
  return t.type === 'market'
    ? { side: t.side, type: 'market', amount: t.amount }
    : { side: t.side, type: 'limit', price: t.price, amount: t.amount };
}

/** Keeps digits and one decimal point (a comma counts as one) with at most `decimals` decimals. */
export function sanitizeDecimalInput(raw: string, decimals: number): string {
  let s = raw.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const dot = s.indexOf('.');
  if (dot >= 0) s = s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '');
  const [int, frac] = s.split('.');
  if (frac !== undefined) s = decimals > 0 ? `${int}.${frac.slice(0, decimals)}` : int;
  return s;
}

/** The last traded price as the form's first price: rounded down to the pair's price decimals. */
export function pricePrefill(last: string | undefined, basePrecision: number): string {
  if (!last || !PLAIN.test(last)) return '';
  const d = new Decimal(last).toDecimalPlaces(basePrecision, Decimal.ROUND_DOWN);
  return d.isZero() ? '' : d.toFixed(basePrecision);
}

/** The price an order of this form would trade at worst: its limit, or the market order's protection price. */
export function workingPrice(
  pair: Pick<SpotPair, 'basePrecision'>,
  t: Pick<TicketInput, 'side' | 'type' | 'price'>,
  book: SpotBookState,
): string | undefined {
  if (t.type === 'market') return protectionPrice(pair, t.side, book);
  return PLAIN.test(t.price) && !new Decimal(t.price).isZero() ? t.price : undefined;
}

/**
 * The largest amount (coin, rounded down to the pair's amount decimals) the available balance pays for, fee
 * included: a sell's whole balance of the coin; a buy's quote balance at the limit price, or at the protection
 * price (the worst a market buy may pay). "0" without a price.
 */
export function maxAmount(
  pair: Pick<SpotPair, 'feeRate' | 'baseCoin' | 'coinPrecision' | 'basePrecision'>,
  t: Pick<TicketInput, 'side' | 'type' | 'price'>,
  book: SpotBookState,
  available: string,
): string {
  return maxSpotAmount(pair, t.side, workingPrice(pair, t, book), available);
}

/** `pct` % of `max`, rounded down to `coinPrecision` decimals; "" for nothing (the amount field then clears). */
export function amountAtShare(max: string, pct: number, coinPrecision: number): string {
  if (!PLAIN.test(max) || pct <= 0) return '';
  const share = Math.min(100, Math.max(0, Math.round(pct)));
  const d = new Decimal(max).times(share).div(100).toDecimalPlaces(coinPrecision, Decimal.ROUND_DOWN);
  return d.isZero() ? '' : d.toFixed();
}

/** The share of `max` that `amount` is, in whole percent (rounded down), between 0 and 100. */
export function shareOf(amount: string, max: string): number {
  if (!PLAIN.test(amount) || !PLAIN.test(max)) return 0;
  const m = new Decimal(max);
  if (m.isZero()) return 0;
  const pct = new Decimal(amount).div(m).times(100).floor();
  return Math.max(0, Math.min(100, pct.toNumber()));
}

/** Total and fee shown while typing (before the order is valid), in the quote coin; undefined when unknown. */
export function estimate(
  pair: Pick<SpotPair, 'feeRate' | 'baseCoin' | 'basePrecision'>,
  t: TicketInput,
  book: SpotBookState,
): { price?: string; total?: string; fee?: string } {
  const price = workingPrice(pair, t, book);
  if (!price || !PLAIN.test(t.amount)) return { price };
  const sums = orderSums(pair, t.side, new Decimal(price).times(t.amount).toFixed());
  return { price, total: sums.total, fee: sums.fee };
}

/** A translatable text: a key of the `trade` namespace and its values (decimals as plain strings). */
export interface Label {
  key: string;
  params?: Record<string, string | number>;
}

type Failed = Extract<SpotCheck, { ok: false }>;

/**
 * The submit button's words for the first rule that fails (TRADE-12): short, in the user's language, naming the
 * rule and its limit. The values come from the pair the check used, so they are the check's own.
 */
export function problemLabel(
  pair: Pick<
    SpotPair,
    'coin' | 'baseCoin' | 'basePrecision' | 'coinPrecision' | 'orderMin' | 'orderMax' | 'minSell' | 'buyMax'
  >,
  t: TicketInput,
  failed: Failed,
): Label {
  const plain = (s: string) => (PLAIN.test(s) ? new Decimal(s).toFixed() : s);
  const valueProblem = (field: 'price' | 'amount', raw: string): Label => {
    if (raw === '') return { key: `rule.${field}Empty` };
    if (PLAIN.test(raw) && new Decimal(raw).isZero()) return { key: `rule.${field}Zero` };
    return { key: `rule.${field}Invalid` };
  };
  switch (failed.rule) {
    case 'enabled':
      return { key: 'rule.enabled' };
    case 'side':
      return { key: 'rule.side' };
    case 'type':
      return { key: `rule.${t.type}${t.side === 'buy' ? 'Buy' : 'Sell'}Off` };
    case 'price':
      return valueProblem('price', t.price);
    case 'amount':
      return valueProblem('amount', t.amount);
    case 'precision':
      return failed.field === 'price'
        ? { key: 'rule.pricePrecision', params: { n: pair.basePrecision } }
        : { key: 'rule.amountPrecision', params: { n: pair.coinPrecision } };
    case 'orderMin':
      return { key: 'rule.orderMin', params: { min: plain(pair.orderMin), coin: pair.coin } };
    case 'orderMax':
      return { key: 'rule.orderMax', params: { max: plain(pair.orderMax), coin: pair.coin } };
    case 'minSell':
      return { key: 'rule.minSell', params: { min: plain(pair.minSell), coin: pair.coin } };
    case 'buyMax':
      return { key: 'rule.buyMax', params: { max: plain(pair.buyMax), coin: pair.baseCoin } };
    case 'book':
      return { key: t.side === 'buy' ? 'rule.noSellers' : 'rule.noBuyers' };
    case 'balance':
      return { key: 'rule.balance', params: { coin: holdCoin(pair, t.side) } };
  }
}

export interface SubmitState {
  check: SpotCheck;
  /** What the button says. */
  label: Label;
  /** The button cannot be pressed (an order that breaks a rule). */
  disabled: boolean;
  /** Signed out: the button is a link to the sign-in page. */
  signIn: boolean;
}

/**
 * The submit button of one side of the form: "Log in to trade" when signed out; otherwise disabled and naming the
 * first rule that fails until the order is valid, then "Buy BTC" / "Sell BTC".
 */
export function submitState(
  pair: SpotPair,
  t: TicketInput,
  book: SpotBookState,
  available: string,
  signedIn: boolean,
): SubmitState {
  const check = checkSpotOrder(pair, orderInput(t), book, available);
  if (!signedIn) return { check, label: { key: 'logInToTrade' }, disabled: false, signIn: true };
  if (!check.ok) return { check, label: problemLabel(pair, t, check), disabled: true, signIn: false };
  return {
    check,
    label: { key: t.side === 'buy' ? 'buyCoin' : 'sellCoin', params: { coin: pair.coin } },
    disabled: false,
    signIn: false,
  };
}
