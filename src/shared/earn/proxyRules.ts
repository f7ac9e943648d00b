/**
 * The proxy programme's arithmetic (PROXY-3, PROXY-4): the one function the server pays by and the screens
 * explain with. Exact decimals only.
 */
import { assetDecimals } from '../amount';
import { Decimal } from '../decimal';

/** Commissions are rounded down to this many decimals at most (fewer when the coin has fewer). */
export const COMMISSION_DECIMALS = 8;

/**
 * PROXY-3: the agent's commission on one interest payment: interest x rate, rounded down to the coin's decimals
 * (at most 8), as a plain decimal string ("0" when it rounds away). Never negative.
 */
export function proxyCommission(interest: string, rate: string, coin: string): string {
  const i = new Decimal(interest);
  const r = new Decimal(rate);
  if (!i.isFinite() || !r.isFinite() || i.lte(0) || r.lte(0)) return '0';
  const places = Math.min(COMMISSION_DECIMALS, assetDecimals(coin));
  return i.times(r).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed();
}

/** An agent code as stored and compared: trimmed, upper case. */
export function normalizeAgentCode(code: string): string {
  return code.trim().toUpperCase();
}
