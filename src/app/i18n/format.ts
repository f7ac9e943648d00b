/**
 * Numbers and dates that follow the chosen language (4.5) and time zone (4.6).
 * - formatDecimal works on the exact decimal STRING (never through a float): it only swaps in the
 *   language's grouping and decimal separators. Digits stay Latin (every major exchange does this,
 *   also in Arabic), so prices read the same in every language.
 * - formatDateTime formats with the platform's fixed UTC offset, independent of the browser's zone.
 */
import { languageState } from './index';
import { settings } from '../state/settings';

interface Separators {
  group: string;
  decimal: string;
  /** Polish and Spanish do not group 4-digit integers. */
  minGroupDigits: number;
}

const sepCache = new Map<string, Separators>();

function numberLocale(lang: string): string {
  return `${lang}-u-nu-latn`;
}

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
 * "1234567.8900" → "1,234,567.8900" (en) / "1.234.567,8900" (de) / "1 234 567,8900" (fr).
 * Keeps every digit of the input; a sign and a trailing "%" or unit suffix are kept as they are.
 * Strings that are not plain decimals (e.g. "--", "1.2K") come back unchanged.
 */
export function formatDecimal(value: string | null | undefined, lang: string = languageState.language): string {
  if (value === null || value === undefined) return '--';
  const m = /^([+-]?)(\d+)(?:\.(\d+))?(%?)$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac, pct] = m;
  const sep = separatorsFor(lang);
  const grouped = int.length >= sep.minGroupDigits ? int.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group) : int;
  return `${sign}${grouped}${frac !== undefined ? sep.decimal + frac : ''}${pct}`;
}

export type DateStyle = 'datetime' | 'date' | 'time' | 'short';

const dtfCache = new Map<string, Intl.DateTimeFormat>();
function dtf(lang: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang}|${style}`;
  let f = dtfCache.get(key);
  if (!f) {
    const base: Intl.DateTimeFormatOptions = { timeZone: 'UTC', hourCycle: 'h23', numberingSystem: 'latn' };
    const o: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { ...base, year: 'numeric', month: '2-digit', day: '2-digit' }
        : style === 'time'
          ? { ...base, hour: '2-digit', minute: '2-digit', second: '2-digit' }
          : style === 'short'
            ? { ...base, month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }
            : {
                ...base,
                year: 'numeric',
                month: '2-digit',
                day: '2-digit',
                hour: '2-digit',
                minute: '2-digit',
                second: '2-digit',
              };
    f = new Intl.DateTimeFormat(lang, o);
    dtfCache.set(key, f);
  }
  return f;
}

/**
 * Formats a UTC instant (ms) in the platform time zone (4.6) for the chosen language.
 * `offsetMinutes` defaults to the settings' zone.
 */
export function formatDateTime(
  ms: number,
  opts: { style?: DateStyle; lang?: string; offsetMinutes?: number } = {},
): string {
  if (!Number.isFinite(ms)) return '--';
  const offset = opts.offsetMinutes ?? settings.offsetMinutes;
  return dtf(opts.lang ?? languageState.language, opts.style ?? 'datetime').format(new Date(ms + offset * 60_000));
}
