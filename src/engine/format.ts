/**
 * Display formatting of prices, short numbers and change percents (spec 9.2 and 5).
 *
 * Input is always an exact decimal string as on the wire ("-?digits(.digits)?"), output a display
 * string. The work is done on the digits themselves, never through binary floating point, so no float
 * artifact (0.30000000000000004) can reach the screen; and no decimal.js in this hot path either, so
 * formatting costs about what Number.prototype.toFixed does (see bench/engine.bench.ts).
 *
 * Decisions (the spec leaves them open):
 * - Prices round half away from zero on the digit after the last one shown (what people expect of
 *   "64123.455 -> 64123.46"). When rounding carries into a larger magnitude class the rounded value is
 *   formatted again by its new class: 9.9999999 -> "10.0000", 0.00099999 -> "0.001000".
 * - Significant-digit outputs keep their trailing zeros ("0.0000012" -> "0.00000120000"), so a ticking
 *   value keeps its width.
 * - Zero prints "0.00"; a negative value prints "-" and the magnitude's format.
 * - Change percent "2 decimals, rounded down" truncates toward zero (-1.239 -> "-1.23"), so a move is
 *   never shown larger than it is and both signs behave alike; a nonzero change whose magnitude is under
 *   0.01 then shows as 0.01 with its sign (spec 5): "+0.01%", "-0.01%". Zero shows "0.00%".
 * - Short numbers use K, M, B, T strictly above 1e3, 1e6, 1e9, 1e12 (spec: "above"), with 2 decimals
 *   truncated toward zero, so 999,999 is "999.99K", never "1000.00K". At or below 1e3: 2 decimals truncated.
 */

const ZERO = '0.00';
const ZEROS = '0000000000000000000000000000000000000000';

function zeros(n: number): string {
  return n <= ZEROS.length ? ZEROS.slice(0, n) : ZEROS + zeros(n - ZEROS.length);
}

/**
 * Rounds the non-negative decimal `intDigits.frac` (intDigits without leading zeros, or "0") half away
 * from zero to `d` > 0 decimals. `firstSig` is the index, in intDigits + frac, of the first significant
 * digit; if a carry moves it, the caller must re-classify, signalled by returning null.
 */
function roundTo(intDigits: string, frac: string, d: number, firstSig: number): string | null {
  const fl = frac.length;
  if (fl <= d) return fl === d ? intDigits + '.' + frac : intDigits + '.' + frac + zeros(d - fl);
  const kept = frac.slice(0, d);
  if (frac.charCodeAt(d) < 53 /* '5' */) return intDigits + '.' + kept;
  // Round up: increment the digit string intDigits + kept.
  const all = intDigits + kept;
  let i = all.length - 1;
  while (i >= 0 && all.charCodeAt(i) === 57 /* '9' */) i--;
  if (i < firstSig) return null;
  const bumped = all.slice(0, i) + String.fromCharCode(all.charCodeAt(i) + 1) + zeros(all.length - 1 - i);
  const il = intDigits.length;
  return bumped.slice(0, il) + '.' + bumped.slice(il);
}

/** Like roundTo but for when the carry ran past the first significant digit: exact, then re-format. */
function roundUpCarry(intDigits: string, frac: string, d: number): string {
  const all = intDigits + frac.slice(0, d);
  let i = all.length - 1;
  while (i >= 0 && all.charCodeAt(i) === 57) i--;
  const bumped =
    i < 0
      ? '1' + zeros(all.length)
      : all.slice(0, i) + String.fromCharCode(all.charCodeAt(i) + 1) + zeros(all.length - 1 - i);
  const il = bumped.length - d;
  return bumped.slice(0, il) + '.' + bumped.slice(il);
}

/** Formats a non-negative magnitude given as int digits (no sign) and fraction digits. */
function formatMagnitude(s: string, start: number): string {
  const len = s.length;
  const dot = s.indexOf('.', start);
  const intEnd = dot < 0 ? len : dot;
  let is = start;
  while (is < intEnd - 1 && s.charCodeAt(is) === 48) is++;
  const frac = dot < 0 ? '' : s.slice(dot + 1);
  const intLen = intEnd - is;
  if (intLen > 1 || s.charCodeAt(is) !== 48) {
    // |v| >= 1: decimals by magnitude.
    const intDigits = is === 0 && intEnd === len ? s : s.slice(is, intEnd);
    const d = intLen >= 3 ? 2 : intLen === 2 ? 4 : 6;
    const r = roundTo(intDigits, frac, d, 0);
    return r !== null ? r : formatMagnitude(roundUpCarry(intDigits, frac, d), 0);
  }
  // |v| < 1: count the zeros after the point.
  const fl = frac.length;
  let z = 0;
  while (z < fl && frac.charCodeAt(z) === 48) z++;
  if (z === fl) return ZERO;
  // z >= 5: under 1e-5 -> 6 significant; z = 4: under 1e-4 -> 4; z = 3: under 1e-3 -> 2; else 6 decimals.
  const d = z >= 5 ? z + 6 : z === 4 ? 8 : z === 3 ? 5 : 6;
  const r = roundTo('0', frac, d, z + 1);
  return r !== null ? r : formatMagnitude(roundUpCarry('0', frac, d), 0);
}

/** Spec 9.2 price display: "64123.455" -> "64123.46", "0.000012345" -> "0.0000123450". */
export function formatPrice(raw: string): string {
  if (raw.charCodeAt(0) === 45 /* '-' */) {
    const m = formatMagnitude(raw, 1);
    return m === ZERO ? ZERO : '-' + m;
  }
  return formatMagnitude(raw, 0);
}

/** A price-like change with its sign: "+12.50", "-0.000100", "0.00". */
export function formatSignedPrice(raw: string): string {
  const f = formatPrice(raw);
  if (f === ZERO || f.charCodeAt(0) === 45) return f;
  return '+' + f;
}

/** Number of decimals in a formatted value ("64123.46" -> 2), for axis labels. */
export function decimalsOf(formatted: string): number {
  const dot = formatted.indexOf('.');
  if (dot < 0) return 0;
  let end = formatted.length;
  while (end > dot + 1) {
    const c = formatted.charCodeAt(end - 1);
    if (c >= 48 && c <= 57) break;
    end--;
  }
  return end - dot - 1;
}

/** Truncates a non-negative decimal toward zero to 2 decimals: returns [text, anyNonzeroDigit]. */
function truncate2(s: string, start: number): string {
  const len = s.length;
  const dot = s.indexOf('.', start);
  const intEnd = dot < 0 ? len : dot;
  let is = start;
  while (is < intEnd - 1 && s.charCodeAt(is) === 48) is++;
  const intDigits = s.slice(is, intEnd);
  if (dot < 0) return intDigits + '.00';
  const fl = len - dot - 1;
  if (fl >= 2) return intDigits + '.' + s.slice(dot + 1, dot + 3);
  return intDigits + '.' + s.slice(dot + 1) + (fl === 1 ? '0' : '00');
}

function isZero(s: string, start: number): boolean {
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 48 && c !== 46) return false;
  }
  return true;
}

/**
 * Spec 9.2 + 5 change percent, from the exact percent ("-1.2345" means -1.2345 %):
 * "+1.23%", "-1.23%", "+0.01%" for 0 < v < 0.01, "-0.01%" for -0.01 < v < 0, "0.00%" for zero.
 */
export function formatChangePct(raw: string): string {
  const neg = raw.charCodeAt(0) === 45;
  const start = neg ? 1 : 0;
  if (isZero(raw, start)) return '0.00%';
  let t = truncate2(raw, start);
  if (t === ZERO) t = '0.01';
  return (neg ? '-' : '+') + t + '%';
}

const SHORT_EXPONENTS = [12, 9, 6, 3];
const SHORT_SUFFIXES = ['T', 'B', 'M', 'K'];

/** Spec 9.2 shorter numbers: "1234567.8" -> "1.23M"; strictly above each threshold; 2 decimals truncated. */
export function formatShort(raw: string): string {
  const neg = raw.charCodeAt(0) === 45;
  const start = neg ? 1 : 0;
  const len = raw.length;
  const dot = raw.indexOf('.', start);
  const intEnd = dot < 0 ? len : dot;
  let is = start;
  while (is < intEnd - 1 && raw.charCodeAt(is) === 48) is++;
  const n = intEnd - is;
  let out: string | undefined;
  for (let k = 0; k < 4; k++) {
    const e = SHORT_EXPONENTS[k];
    if (n < e + 1) continue;
    if (n === e + 1 && raw.charCodeAt(is) === 49 && isZero(raw, is + 1)) continue; // exactly 10^e: not above
    const cut = intEnd - e;
    const shifted = raw.slice(is, cut) + '.' + raw.slice(cut, intEnd) + (dot < 0 ? '' : raw.slice(dot + 1));
    out = truncate2(shifted, 0) + SHORT_SUFFIXES[k];
    break;
  }
  if (out === undefined) out = truncate2(raw, start);
  if (!neg || out === ZERO) return out;
  return '-' + out;
}
