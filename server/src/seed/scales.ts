/**
 * Decimal places of prices and sizes, chosen from a price's magnitude (decimal.js, no float rounding):
 * about five significant digits, between 2 and 8 decimals. BTC 2, DOT 4, DOGE 5, SHIB 8.
 */
import Decimal from 'decimal.js';

/** floor(log10(p)) for p > 0. */
export function magnitude(price: string): number {
  const d = new Decimal(price);
  if (!d.isFinite() || d.lte(0)) throw new Error(`price must be positive, got ${price}`);
  return d.e; // decimal.js exponent: floor(log10(|d|))
}

export function priceScaleOf(price: string): number {
  return Math.min(8, Math.max(2, 4 - magnitude(price)));
}

/**
 * Amount decimals of a pair's coin: at most `precision`, and fewer for very cheap coins (magnitude + 3: a lot is
 * worth at least about 0.001 quote units; SHIB and PEPE trade in whole coins), so that 24 h volumes in lots stay
 * far below 2^53 even in flood mode. The spot seed's coinPrecision and the book's lot (SIM-12) both use it.
 */
export function lotScaleOf(price: string, precision: number): number {
  return Math.max(0, Math.min(precision, magnitude(price) + 3));
}

/** 10^k as an exact decimal string: 3 -> "1000", -3 -> "0.001". */
export function pow10(k: number): string {
  return k >= 0 ? '1' + '0'.repeat(k) : '0.' + '0'.repeat(-k - 1) + '1';
}

/** Coin amount per contract share so that one share is worth 10 to 100 USDT. */
export function shareNumberOf(price: string): string {
  return pow10(1 - magnitude(price));
}

/** Largest position in shares: 1e3 for the dearest coins up to 1e6 for the cheapest (spec 9.3). */
export function maxShareOf(price: string): string {
  const e = magnitude(price);
  if (e >= 4) return '1000';
  if (e >= 3) return '10000';
  if (e >= 1) return '100000';
  return '1000000';
}
