/**
 * Finance products: the interest arithmetic and the subscription check (FIN rules in docs/spec/finance.md), one
 * function each for the subscription form and the server.
 *
 * Interest (FIN-3): each UTC day from `interestFrom` on, a holding earns principal x apr / 365, rounded down to
 * the coin's own decimals (SAFE-22: USDT 6); a fixed holding earns for `termDays` days. The form's "interest to
 * expect" is the same sum.
 */
import { assetDecimals } from '../amount';
import { Decimal } from '../decimal';

export const DAY_MS = 86_400_000;
/**
 * Decimals of a finance amount and of each day's interest in `coin` (the minor unit): the coin's own decimals
 * (SAFE-22), as every balance of that coin.
 */
export function financeDecimals(coin: string): number {
  return assetDecimals(coin);
}
const PLAIN = /^\d+(\.\d+)?$/;

/** The ms of the UTC 00:00 that starts the day of `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** One day's interest on `principal` of `coin` at `apr` (a fraction), rounded down to the minor unit (FIN-3). */
export function dailyInterest(principal: string, apr: string, coin: string): string {
  const dp = financeDecimals(coin);
  return new Decimal(principal).times(apr).div(365).toDecimalPlaces(dp, Decimal.ROUND_DOWN).toFixed(dp);
}

/** The interest of `days` days: the sum of the daily amounts, as the server pays them. */
export function expectedInterest(principal: string, apr: string, days: number, coin: string): string {
  return new Decimal(dailyInterest(principal, apr, coin)).times(Math.max(0, days)).toFixed(financeDecimals(coin));
}

/** First UTC day that earns: the subscription's day plus `settlementDay` days (FIN-4). */
export function interestStart(subscribedAt: number, settlementDay: number): number {
  return utcDayStart(subscribedAt) + Math.max(0, settlementDay) * DAY_MS;
}

/** Maturity of a fixed holding: `termDays` earning days after `interestFrom`; null for flexible (termDays 0). */
export function maturityOf(interestFrom: number, termDays: number): number | null {
  return termDays > 0 ? interestFrom + termDays * DAY_MS : null;
}

export type FinanceRule = 'open' | 'amount' | 'decimals' | 'minimum' | 'maximum' | 'quota' | 'balance';
export type FinanceCheck = { ok: true } | { ok: false; rule: FinanceRule; message: string };

/**
 * Checks a subscription (FIN-2): the product open, a positive amount with at most the coin's decimals, at
 * least the product's minimum, the user's holdings in the product plus it at most the maximum, within the quota
 * left, and within the available balance of the platform account.
 */
export function checkSubscription(
  product: { coin: string; minAmount: string; maxAmount: string; remaining: string; open: boolean },
  amount: string,
  state: { available: string; held: string },
): FinanceCheck {
  const coin = product.coin.toUpperCase();
  if (!product.open) return { ok: false, rule: 'open', message: 'This product is not open for subscription' };
  const a = amount.trim();
  if (!PLAIN.test(a) || new Decimal(a).lte(0)) return { ok: false, rule: 'amount', message: 'Enter an amount' };
  const dot = a.indexOf('.');
  const dp = financeDecimals(coin);
  if (dot >= 0 && a.length - dot - 1 > dp)
    return { ok: false, rule: 'decimals', message: `At most ${dp} decimals for ${coin}` };
  const v = new Decimal(a);
  if (v.lt(product.minAmount))
    return { ok: false, rule: 'minimum', message: `The minimum is ${product.minAmount} ${coin}` };
  if (v.plus(state.held).gt(product.maxAmount))
    return {
      ok: false,
      rule: 'maximum',
      message: `At most ${product.maxAmount} ${coin} per user (you hold ${new Decimal(state.held).toFixed()})`,
    };
  if (v.gt(product.remaining))
    return { ok: false, rule: 'quota', message: `Only ${product.remaining} ${coin} of the quota is left` };
  if (v.gt(state.available))
    return { ok: false, rule: 'balance', message: `Insufficient ${coin} balance in the platform account` };
  return { ok: true };
}
