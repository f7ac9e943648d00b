/**
 * Options: the buying rules and the fee (OPT rules in docs/spec/options.md), one function each for the option
 * ticket and the server.
 *
 * Reading of the option pair fields (spec 3.4, 9.3 "feeType 1, feeValue 1"; OPT-4): `feeType` 1 = `feeValue` is a
 * percent of the premium ("1" = 1 %), 2 = a fixed USDT amount per unit of the coin; `status` opens the pair for
 * buying, `showFlag` lists it. Quantities are in the coin, at most `quantityDecimals` decimals.
 */
import { Decimal } from '../decimal';

export const OPTION_COIN = 'USDT';
export const OPTION_MONEY_DECIMALS = 6;
/** Least and most premium (USDT, fee excluded) of one purchase (OPT-3). */
export const OPTION_MIN_PREMIUM = '1';
export const OPTION_MAX_PREMIUM = '100000';

const PLAIN = /^\d+(\.\d+)?$/;
function decimalsOf(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1 - (s.match(/0*$/)?.[0].length ?? 0);
}

/** The fee on a premium (OPT-4), rounded up to 6 decimals. */
export function optionFee(feeType: number, feeValue: string, premium: string, quantity: string): string {
  const v = new Decimal(feeValue || '0');
  const fee = feeType === 2 ? v.times(quantity) : new Decimal(premium).times(v).div(100);
  return fee.toDecimalPlaces(OPTION_MONEY_DECIMALS, Decimal.ROUND_UP).toFixed(OPTION_MONEY_DECIMALS);
}

/** The premium of `quantity` at `unitPremium`, rounded up to 6 decimals. */
export function optionPremium(unitPremium: string, quantity: string): string {
  return new Decimal(unitPremium)
    .times(quantity)
    .toDecimalPlaces(OPTION_MONEY_DECIMALS, Decimal.ROUND_UP)
    .toFixed(OPTION_MONEY_DECIMALS);
}

/** What an option pays at expiry (OPT-6): max(S - K, 0) x q for a call, max(K - S, 0) x q for a put, rounded down. */
export function optionPayout(kind: 'call' | 'put', strike: string, settlePrice: string, quantity: string): string {
  const d = kind === 'call' ? new Decimal(settlePrice).minus(strike) : new Decimal(strike).minus(settlePrice);
  return Decimal.max(0, d)
    .times(quantity)
    .toDecimalPlaces(OPTION_MONEY_DECIMALS, Decimal.ROUND_DOWN)
    .toFixed(OPTION_MONEY_DECIMALS);
}

export type OptionRule = 'enabled' | 'quantity' | 'minimum' | 'maximum' | 'balance' | 'expiry';
export type OptionCheck = { ok: true } | { ok: false; rule: OptionRule; message: string };

/**
 * Checks a purchase (OPT-3): the pair open, a quantity with at most `quantityDecimals` decimals, a premium between
 * the least and the most, an expiry still ahead, and the total within the available USDT.
 */
export function checkOptionBuy(input: {
  open: boolean;
  quantity: string;
  quantityDecimals: number;
  /** Premium and total of the quantity at the current quote, if known. */
  premium?: string;
  total?: string;
  available: string;
  expiry: number;
  now: number;
}): OptionCheck {
  if (!input.open) return { ok: false, rule: 'enabled', message: 'Options on this pair are closed' };
  const q = input.quantity.trim();
  if (q === '') return { ok: false, rule: 'quantity', message: 'Enter a quantity' };
  if (!PLAIN.test(q) || new Decimal(q).isZero())
    return { ok: false, rule: 'quantity', message: 'Quantity must be a number above 0' };
  if (decimalsOf(q) > input.quantityDecimals)
    return { ok: false, rule: 'quantity', message: `Quantity has at most ${input.quantityDecimals} decimals` };
  if (input.expiry <= input.now)
    return { ok: false, rule: 'expiry', message: 'This expiry has passed: choose another' };
  if (input.premium !== undefined) {
    if (new Decimal(input.premium).lt(OPTION_MIN_PREMIUM))
      return { ok: false, rule: 'minimum', message: `The premium is at least ${OPTION_MIN_PREMIUM} ${OPTION_COIN}` };
    if (new Decimal(input.premium).gt(OPTION_MAX_PREMIUM))
      return { ok: false, rule: 'maximum', message: `The premium is at most ${OPTION_MAX_PREMIUM} ${OPTION_COIN}` };
  }
  if (input.total !== undefined && (!PLAIN.test(input.available) || new Decimal(input.total).gt(input.available)))
    return { ok: false, rule: 'balance', message: `Insufficient ${OPTION_COIN}: this needs ${input.total}` };
  return { ok: true };
}
