/**
 * Exact decimal edges of the market: prices and quantities live as integers in minor units (safe integers,
 * `priceScale` / `qtyScale` decimals) and become decimal strings only when they leave the simulator.
 * Nothing here goes through binary floating point on the way out.
 */

/** Integer minor units -> decimal string with exactly `scale` decimals, e.g. (6412350, 2) -> "64123.50". */
export function fmtMinor(n: number, scale: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return fmtDigits(n < 0, String(Math.abs(n)), scale);
}

/** Same for a BigInt (24 h turnover: price x quantity overflows Number). */
export function fmtBig(n: bigint, scale: number): string {
  const neg = n < 0n;
  return fmtDigits(neg, String(neg ? -n : n), scale);
}

function fmtDigits(neg: boolean, digits: string, scale: number): string {
  let s = digits;
  if (scale > 0) {
    if (s.length <= scale) s = '0'.repeat(scale - s.length + 1) + s;
    s = s.slice(0, s.length - scale) + '.' + s.slice(s.length - scale);
  }
  return neg && /[1-9]/.test(s) ? '-' + s : s;
}

/**
 * Decimal string -> integer minor units, rounding half away from zero past `scale` decimals.
 * Throws on anything that is not a plain decimal or that does not fit a safe integer.
 */
export function parseMinor(s: string, scale: number): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s.trim());
  if (!m) throw new RangeError(`not a decimal: ${JSON.stringify(s)}`);
  const frac = m[3] ?? '';
  const kept = (frac + '0'.repeat(scale)).slice(0, scale);
  let n = BigInt(m[2] + kept);
  if (frac.length > scale && frac.charCodeAt(scale) >= 53 /* '5' */) n += 1n;
  const v = Number(m[1] ? -n : n);
  if (!Number.isSafeInteger(v)) throw new RangeError(`out of range: ${s}`);
  return v;
}

/**
 * Percent change with 4 decimals, exact integer arithmetic, rounded half away from zero:
 * (close - base) / base * 100, e.g. (101, 100) -> "1.0000"; base must be > 0.
 */
export function percentChange(close: number, base: number): string {
  const num = BigInt(close - base) * 1_000_000n; // 100 (percent) x 10^4 (decimals)
  const den = BigInt(base);
  const neg = num < 0n;
  const a = neg ? -num : num;
  let q = a / den;
  if ((a % den) * 2n >= den) q += 1n;
  return fmtBig(neg ? -q : q, 4);
}
