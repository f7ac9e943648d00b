/**
 * The book's edge (MATCH-10): decimal strings <-> whole ticks or lots, with a pair's precision (decimals), by
 * string and integer arithmetic only, never through a binary float. A tick is 10^-pricePrecision, a lot
 * 10^-quantityPrecision. Input with more decimals than the precision allows is refused, not rounded.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
    throw new RangeError(`Precision must be a whole number from 0 to 15, got ${decimals}`);
  }
}

/**
 * "64123.5" with 2 decimals -> 6412350. Throws a RangeError naming the problem for anything that is not a plain
 * non-negative decimal, that has more decimals than allowed, or that does not fit a safe integer.
 */
export function toUnits(s: string, decimals: number, what = 'Value'): number {
  checkDecimals(decimals);
  const m = DECIMAL.exec(s);
  if (!m) throw new RangeError(`${what} must be a plain decimal like 12.5, got ${JSON.stringify(s)}`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) {
    throw new RangeError(`${what} ${s} has more than ${decimals} decimal${decimals === 1 ? '' : 's'}`);
  }
  const digits = (m[1] + frac + '0'.repeat(decimals - frac.length)).replace(/^0+(?=\d)/, '');
  const n = BigInt(digits);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} ${s} is too large`);
  return Number(n);
}

/** 6412350 with 2 decimals -> "64123.50" (exactly `decimals` decimals). */
export function fromUnits(n: number, decimals: number): string {
  checkDecimals(decimals);
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a non-negative safe integer: ${n}`);
  let s = String(n);
  if (decimals === 0) return s;
  if (s.length <= decimals) s = '0'.repeat(decimals - s.length + 1) + s;
  return s.slice(0, s.length - decimals) + '.' + s.slice(s.length - decimals);
}

/** A pair's precisions, and the conversions a caller needs at the book's edge. */
export interface PairUnits {
  price(s: string): number;
  quantity(s: string): number;
  priceString(ticks: number): string;
  quantityString(lots: number): string;
}

export function pairUnits(pricePrecision: number, quantityPrecision: number): PairUnits {
  checkDecimals(pricePrecision);
  checkDecimals(quantityPrecision);
  return {
    price: (s) => toUnits(s, pricePrecision, 'Price'),
    quantity: (s) => toUnits(s, quantityPrecision, 'Quantity'),
    priceString: (t) => fromUnits(t, pricePrecision),
    quantityString: (l) => fromUnits(l, quantityPrecision),
  };
}
