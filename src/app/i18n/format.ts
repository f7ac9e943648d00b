/**
 * Numbers and dates that follow the chosen language (4.5) and time zone (4.6).
 * - formatDecimal works on the exact decimal STRING (never through a float) through the app's one number
 *   formatter, src/shared/numberFormat.ts (NUM rules), which also owns rounding to a coin's decimals.
 * - formatDateTime formats with the platform's fixed UTC offset, independent of the browser's zone.
 */
import { languageState } from './index';
import { settings } from '../state/settings';

import { assetDecimals } from '../../shared/amount';
import { fixed, localize, rate, type FixedOptions } from '../../shared/numberFormat';

export { separatorsFor, trimDecimal } from '../../shared/numberFormat';

/**
 * "1234567.8900" → "1,234,567.8900" (en) / "1.234.567,8900" (de): the shared formatter's `localize` (NUM-1) in
 * the chosen language. Strings that are not decimals ("--") come back unchanged; null is "--".
 */
export function formatDecimal(value: string | null | undefined, lang: string = languageState.language): string {
  if (value === null || value === undefined) return '--';
  return localize(value, lang);
}

/** NUM-1..3: `value` rounded to `decimals` (a coin's or pair's own), in the chosen language. */
export function formatFixed(
  value: string | null | undefined,
  decimals: number,
  o: FixedOptions = {},
  lang: string = languageState.language,
): string {
  return fixed(value, decimals, lang, o);
}

/** NUM-4: a conversion rate into `toCoin`: 8 significant digits, at most the coin's decimals. */
export function formatRate(value: string, toCoin: string, lang: string = languageState.language): string {
  return rate(value, assetDecimals(toCoin), lang);
}

export type DateStyle = 'datetime' | 'date' | 'time' | 'short' | 'minute' | 'dayMonth' | 'monthYear' | 'hourMinute';

const DATE_PARTS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  datetime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  short: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  minute: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  // The chart's axis ticks (NUM-6): short enough for an axis.
  dayMonth: { month: '2-digit', day: '2-digit' },
  monthYear: { year: 'numeric', month: '2-digit' },
  hourMinute: { hour: '2-digit', minute: '2-digit' },
};

const dtfCache = new Map<string, Intl.DateTimeFormat>();
function dtf(lang: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang}|${style}`;
  let f = dtfCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      timeZone: 'UTC',
      hourCycle: 'h23',
      numberingSystem: 'latn',
      ...DATE_PARTS[style],
    });
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
