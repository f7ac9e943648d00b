/**
 * Labels of the chart: axis ticks and the crosshair readout. Prices use the decimals the engine's 9.2
 * formatter chose for the last close (KlineView.priceDecimals), so they read like every other price;
 * times are in the platform's fixed UTC offset (spec 4.6). The readout's volume and time are in the language's
 * form, like every other number and date of the app (NUM-5, NUM-6).
 */
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { shortDecimal } from '../../../../market/coins';

export function priceLabel(v: number, decimals: number): string {
  return Number.isFinite(v) ? v.toFixed(Math.max(0, Math.min(decimals, 12))) : '--';
}

export function volumeLabel(v: number, lang: string): string {
  if (!Number.isFinite(v)) return '--';
  return formatDecimal(shortDecimal(v.toFixed(8)) ?? '--', lang);
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** A Date whose UTC fields are the wall-clock fields in the platform zone. */
export function zoned(sec: number, offsetMinutes: number): Date {
  return new Date(sec * 1000 + offsetMinutes * 60_000);
}

/** Axis tick: "HH:mm" within a day, "MM-DD" across days, "YYYY-MM" across months. */
export function timeTick(sec: number, stepSec: number, offsetMinutes: number): string {
  const d = zoned(sec, offsetMinutes);
  if (stepSec >= 28 * 86_400) return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}`;
  if (stepSec >= 86_400 || (d.getUTCHours() === 0 && d.getUTCMinutes() === 0))
    return `${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
  return `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
}

/** Readout time: the date and minute as the app writes them in the language ("11/27/2026, 18:15" in English). */
export function readoutTime(sec: number, offsetMinutes: number, lang: string): string {
  return formatDateTime(sec * 1000, { style: 'minute', lang, offsetMinutes });
}
