/**
 * Labels of the chart: axis ticks and the crosshair readout. Prices use the decimals the engine's 9.2
 * formatter chose for the last close (KlineView.priceDecimals), so they read like every other price;
 * times are in the platform's fixed UTC offset (spec 4.6). The readout's volume and time are in the language's
 * form, like every other number and date of the app (NUM-5, NUM-6).
 */
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { shortDecimal } from '../../../../market/coins';

/**
 * NUM-2: the decimals of the chart's prices (axis and readout): the engine's 9.2 choice for the last close, never
 * finer than the pair's own decimals (DOT at 6.852: 4, not 6).
 */
export function labelDecimals(seriesDecimals: number, pairDecimals: number | undefined): number {
  return pairDecimals === undefined ? seriesDecimals : Math.min(seriesDecimals, pairDecimals);
}

export function priceLabel(v: number, decimals: number): string {
  return Number.isFinite(v) ? v.toFixed(Math.max(0, Math.min(decimals, 12))) : '--';
}

export function volumeLabel(v: number, lang: string): string {
  if (!Number.isFinite(v)) return '--';
  return formatDecimal(shortDecimal(v.toFixed(8)) ?? '--', lang);
}

/** A Date whose UTC fields are the wall-clock fields in the platform zone. */
export function zoned(sec: number, offsetMinutes: number): Date {
  return new Date(sec * 1000 + offsetMinutes * 60_000);
}

/** Bidi marks Intl puts into some languages' dates (Arabic's "27\u200f/11"). */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Axis tick in the language's form (NUM-6), short enough for an axis: the hour and minute within a day ("18:05"),
 * the day and month across days ("11/27" in English, "27.11." in German, "27/11" in Arabic), the month and year
 * across months ("11/2026"). Times are in the platform zone. The axis is drawn left to right on a canvas (time runs
 * left to right in every language), so Intl's bidi marks are dropped: in a left-to-right run they would reorder the
 * digits ("2711/").
 */
export function timeTick(sec: number, stepSec: number, offsetMinutes: number, lang: string): string {
  const d = zoned(sec, offsetMinutes);
  const style =
    stepSec >= 28 * 86_400
      ? 'monthYear'
      : stepSec >= 86_400 || (d.getUTCHours() === 0 && d.getUTCMinutes() === 0)
        ? 'dayMonth'
        : 'hourMinute';
  return formatDateTime(sec * 1000, { style, lang, offsetMinutes }).replace(BIDI_MARKS, '');
}

/** Readout time: the date and minute as the app writes them in the language ("11/27/2026, 18:15" in English). */
export function readoutTime(sec: number, offsetMinutes: number, lang: string): string {
  return formatDateTime(sec * 1000, { style: 'minute', lang, offsetMinutes });
}
