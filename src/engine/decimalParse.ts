/**
 * Exact decimal strings to numbers, fast, for the trade hot path.
 *
 * "64123.45" is read digit by digit into the integer 6412345 (exact below 2^53) and divided once by
 * 10^2. Both operands are exact, and IEEE division rounds correctly, so the result is the double
 * nearest the decimal: exactly what Number("64123.45") gives, without the general string-to-double
 * path. The integer and the number of decimals are kept too: quantities are summed as integers.
 */
import { POW10 } from './klineColumns';

/** Outputs of the last parseDecimal call besides its value. */
export const parsed = {
  /** All digits as an integer (NaN when more than 15 digits: use the value instead). */
  digits: 0,
  /** Number of decimals. */
  scale: 0,
};

/** Value of a string matching /^-?\d+(\.\d+)?$/ (already validated). */
export function parseDecimal(s: string): number {
  const n = s.length;
  let i = 0;
  let neg = false;
  if (s.charCodeAt(0) === 45) {
    neg = true;
    i = 1;
  }
  let v = 0;
  let digits = 0;
  let scale = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      scale = 0;
      continue;
    }
    v = v * 10 + (c - 48);
    digits++;
    if (scale >= 0) scale++;
  }
  if (scale < 0) scale = 0;
  parsed.scale = scale;
  if (digits > 15 || scale > 22) {
    parsed.digits = NaN;
    return Number(s);
  }
  parsed.digits = neg ? -v : v;
  const x = scale === 0 ? v : v / POW10[scale];
  return neg ? -x : x;
}
