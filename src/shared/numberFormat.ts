/**
 * The app's one number formatter (NUM-1..8 in docs/spec/format.md). Exact decimal strings in, display strings
 * out; the digits are handled as text, never through binary floating point, so no float artifact can reach the
 * screen. The engine's spec 9.2 formatter (src/engine/format.ts) chooses a live price's digits in the worker;
 * every figure then reaches the screen through `localize` here, which only swaps in the language's separators.
 *
 * - `fixed` rounds (half away from zero, or down) to a coin's or pair's own decimals and, where the column does
 *   not align by decimals, drops the trailing zeros (`trim`).
 * - `rate` shows a conversion rate with 8 significant digits, never more decimals than the target coin has.
 * - `compact` writes a large figure in the language's own short form (Intl compact notation, cut, not rounded).
 * Digits stay Latin in every language (every major exchange does this, also in Arabic).
 */

export interface Separators {
  group: string;
  decimal: string;
  /** Polish and Spanish do not group 4-digit integers. */
  minGroupDigits: number;
}

/** The BCP 47 locale of a language with Latin digits. */
export function numberLocale(lang: string): string {
  return `${lang}-u-nu-latn`;
}

const sepCache = new Map<string, Separators>();

export function separatorsFor(lang: string): Separators {
  let s = sepCache.get(lang);
  if (!s) {
    let group = ',';
    let decimal = '.';
    try {
      const parts = new Intl.NumberFormat(numberLocale(lang)).formatToParts(1234567.5);
      group = parts.find((p) => p.type === 'group')?.value ?? ',';
      decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
      const four = new Intl.NumberFormat(numberLocale(lang)).formatToParts(1234);
      s = { group, decimal, minGroupDigits: four.some((p) => p.type === 'group') ? 4 : 5 };
    } catch {
      s = { group, decimal, minGroupDigits: 4 };
    }
    sepCache.set(lang, s);
  }
  return s;
}

const PLAIN = /^([+-]?)(\d+)(?:\.(\d+))?(%?)$/;
/** The engine's short form (spec 9.2): "3.68K". */
const SHORT = /^(-?)(\d+)\.(\d+)([KMBT])$/;
const SHORT_EXP: Record<string, number> = { K: 3, M: 6, B: 9, T: 12 };

/**
 * "1234567.8900" → "1,234,567.8900" (en) / "1.234.567,8900" (de) / "1 234 567,8900" (fr). Keeps every digit
 * of a plain decimal; a sign and a trailing "%" are kept. The engine's short form ("3.68K") is written in the
 * language's compact form ("3,68 Tsd." is German's "3680", NUM-5). Other text ("--") comes back unchanged.
 */
export function localize(value: string, lang: string): string {
  const v = value.trim();
  const m = PLAIN.exec(v);
  if (!m) {
    const s = SHORT.exec(v);
    return s ? compact(`${s[1]}${shiftPoint(s[2], s[3], SHORT_EXP[s[4]])}`, lang) : value;
  }
  const [, sign, int, frac, pct] = m;
  const sep = separatorsFor(lang);
  const grouped = int.length >= sep.minGroupDigits ? int.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group) : int;
  return `${sign}${grouped}${frac !== undefined ? sep.decimal + frac : ''}${pct}`;
}

/** int.frac × 10^e as a plain decimal string, exactly. */
function shiftPoint(int: string, frac: string, e: number): string {
  const f = frac.padEnd(e, '0');
  const i = (int + f.slice(0, e)).replace(/^0+(?=\d)/, '');
  const rest = f.slice(e).replace(/0+$/, '');
  return rest ? `${i}.${rest}` : i;
}

/**
 * An exact decimal with its trailing fractional zeros dropped, keeping at least `min` decimals ("41.647350" →
 * "41.64735"; "2.000000" → "2"; with min 2, "1.010000" → "1.01"). Never rounds; other text comes back unchanged.
 */
export function trimDecimal(v: string, min = 0): string {
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(v);
  if (!m) return v;
  const frac = (m[2] ?? '').replace(/0+$/, '').padEnd(min, '0');
  return frac ? `${m[1]}.${frac}` : m[1];
}

/**
 * NUM-3: decimals of a USDT figure worked out from prices (PnL, margin, a fee beside them, a valuation), the quote
 * coin's display decimals. Balances and amounts that move keep the wallet's decimals (amount.ts).
 */
export const QUOTE_DISPLAY_DECIMALS = 2;

export type Rounding = 'half' | 'down';

/**
 * Rounds the exact decimal `v` to `decimals` places, digit by digit: half away from zero, or toward zero
 * (`down`: a balance is never shown larger than it is). Always `decimals` places; "-0.00" is "0.00".
 * Text that is not a plain decimal comes back unchanged.
 */
export function roundDecimal(v: string, decimals: number, mode: Rounding = 'half'): string {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(v.trim());
  if (!m) return v;
  const d = Math.max(0, Math.floor(decimals));
  const neg = m[1] === '-';
  const frac = m[3] ?? '';
  let digits = m[2] + frac.slice(0, d).padEnd(d, '0');
  if (mode === 'half' && frac.length > d && frac.charCodeAt(d) >= 53 /* '5' */) digits = increment(digits);
  digits = digits.replace(/^0+(?=\d)/, '').padStart(d + 1, '0');
  const il = digits.length - d;
  const out = d > 0 ? `${digits.slice(0, il)}.${digits.slice(il)}` : digits;
  return neg && /[1-9]/.test(out) ? `-${out}` : out;
}

function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57 /* '9' */) i--;
  if (i < 0) return '1' + '0'.repeat(digits.length);
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - 1 - i);
}

/**
 * NUM-2: a price no finer than its pair's own decimals: rounded to `max` when it has more ("6.852000" at 4 →
 * "6.8520"), unchanged otherwise (trailing zeros kept: a price column aligns by decimals). Not a decimal: as is.
 */
export function capDecimals(v: string, max: number | undefined): string {
  if (max === undefined) return v;
  const dot = v.indexOf('.');
  return dot >= 0 && v.length - dot - 1 > max && /^-?\d+\.\d+$/.test(v) ? roundDecimal(v, max) : v;
}

export interface FixedOptions {
  /** Drop trailing zeros (a column that does not align by decimals), keeping at least `min`. */
  trim?: boolean;
  min?: number;
  mode?: Rounding;
  /** Write "+" before a positive value (a PnL). */
  signed?: boolean;
}

/** NUM-1..3: `v` with at most `decimals` decimals, in the language's form. null/undefined → "--". */
export function fixed(v: string | null | undefined, decimals: number, lang: string, o: FixedOptions = {}): string {
  if (v === null || v === undefined) return '--';
  let r = roundDecimal(v, decimals, o.mode);
  if (!/^-?\d/.test(r)) return v;
  if (o.trim) r = trimDecimal(r, Math.min(o.min ?? 0, decimals));
  if (o.signed && /[1-9]/.test(r) && !r.startsWith('-')) r = `+${r}`;
  return localize(r, lang);
}

/** Significant digits a conversion rate shows (NUM-4). */
export const RATE_SIGNIFICANT = 8;

/**
 * NUM-4: a rate ("1 USDT ≈ x BTC") with 8 significant digits, at most `maxDecimals` (the target coin's),
 * rounded half away from zero, trailing zeros dropped: "0.0000148749255508" at 8 → "0.00001487".
 */
export function rate(v: string, maxDecimals: number, lang: string): string {
  const m = /^-?(\d+)(?:\.(\d*))?$/.exec(v.trim());
  if (!m) return v;
  const int = m[1].replace(/^0+/, '');
  const frac = m[2] ?? '';
  const lead = int ? -int.length : frac.search(/[1-9]/);
  const want = lead < 0 ? Math.max(0, RATE_SIGNIFICANT + lead) : lead + RATE_SIGNIFICANT;
  return fixed(v, Math.min(want, maxDecimals), lang, { trim: true });
}

const compactCache = new Map<string, Intl.NumberFormat>();

/**
 * NUM-5: a large figure in the language's compact form ("3.68K", "3,68 Tsd.", "6.67万"), at most 2 decimals,
 * cut toward zero (spec 9.2), from the exact string (Intl reads a string as an exact decimal).
 */
export function compact(v: string, lang: string): string {
  let f = compactCache.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(lang), {
      notation: 'compact',
      maximumFractionDigits: 2,
      roundingMode: 'trunc',
    });
    compactCache.set(lang, f);
  }
  return f.format(v as Intl.StringNumericLiteral);
}
