/** How the finance screens show amounts and days (FINUI-4): exact digits, grouped; days as UTC dates. */
import { formatDateTime, formatDecimal, trimDecimal } from '../../../i18n/format';

/** An exact amount with its trailing zeros dropped, grouped for the language ("1234.50000000" -> "1,234.5"). */
export function amount(v: string): string {
  return formatDecimal(trimDecimal(v));
}

/** A finance day (ms of a UTC 00:00) as its UTC date: interest days are UTC days, whatever the platform zone. */
export function utcDate(ms: number | null): string {
  return ms === null ? '--' : formatDateTime(ms, { style: 'date', offsetMinutes: 0 });
}
