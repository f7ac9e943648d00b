/**
 * Time zone (spec 4.6, 9.1). The server's timeZone setting carries zoneId, offSet ("+05:30") and
 * offSetValue (hours). If one of the 38 known zones (src/shared/schemas/timeZones.ts, also sent as the
 * settings' timeZoneList) matches the offset value, that zone is used; otherwise the server's zone id.
 * Offset values are read both as decimal hours (5.5, 5.75) and in the source's notation, where
 * ".3" is half an hour and ".45" three quarters (5.3, 5.45).
 * Dates are formatted with the fixed offset, so the result never depends on the browser's zone or DST.
 */
import { TIME_ZONES } from '../../shared/schemas/timeZones';
import { DEFAULT_TIMEZONE_ID, DEFAULT_TIMEZONE_OFFSET } from '../../shared/constants';

export interface KnownZone {
  name: string;
  zoneId: string;
  offSet: string;
  offSetValue: number;
}

export const KNOWN_ZONES: readonly KnownZone[] = TIME_ZONES;

/** Hours (decimal or source notation) to minutes: 5.5 → 330, 5.3 → 330, 5.75 → 345, 5.45 → 345. */
export function hoursToMinutes(offset: number): number {
  const sign = offset < 0 ? -1 : 1;
  const abs = Math.abs(offset);
  const hours = Math.floor(abs + 1e-9);
  const frac = Math.round((abs - hours) * 100);
  const minutes = frac === 30 || frac === 50 ? 30 : frac === 45 || frac === 75 ? 45 : 0;
  return sign * (hours * 60 + minutes);
}

/**
 * Parses any offset form: 8, "8", 5.5, 5.3, "+05:30", "GMT+8", "UTC-03:30".
 * Returns minutes east of UTC, or undefined if unreadable or outside -12..+14 hours.
 */
export function parseOffsetMinutes(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= -12 && v <= 14 ? hoursToMinutes(v) : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const s = v.trim().replace(/^(utc|gmt)/i, '');
  if (s === '') return 0;
  const hm = /^([+-])?(\d{1,2}):(\d{2})$/.exec(s);
  if (hm) {
    const m = (hm[1] === '-' ? -1 : 1) * (Number(hm[2]) * 60 + Number(hm[3]));
    return m >= -12 * 60 && m <= 14 * 60 ? m : undefined;
  }
  return /^[+-]?\d+(\.\d+)?$/.test(s) ? parseOffsetMinutes(Number(s)) : undefined;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface ResolvedZone {
  /** IANA id of a known zone, else the server's zone id. */
  timezone: string;
  /** Minutes east of UTC. */
  offsetMinutes: number;
  /** "+08:00" */
  timezoneOffset: string;
}

const DEFAULT_MINUTES = parseOffsetMinutes(DEFAULT_TIMEZONE_OFFSET)!;

/** Spec 4.6: a known zone matching the offset value wins; otherwise the server zone id is kept. */
export function resolveTimeZone(
  setting: { zoneId?: unknown; offSet?: unknown; offSetValue?: unknown } | undefined,
  known: readonly KnownZone[] = KNOWN_ZONES,
): ResolvedZone {
  const minutes = parseOffsetMinutes(setting?.offSetValue) ?? parseOffsetMinutes(setting?.offSet);
  const zoneId =
    typeof setting?.zoneId === 'string' && setting.zoneId.trim() !== '' ? setting.zoneId.trim() : undefined;
  if (minutes === undefined) {
    return {
      timezone: zoneId ?? DEFAULT_TIMEZONE_ID,
      offsetMinutes: DEFAULT_MINUTES,
      timezoneOffset: formatOffset(DEFAULT_MINUTES),
    };
  }
  const match = known.find((z) => hoursToMinutes(z.offSetValue) === minutes);
  return {
    timezone: match?.zoneId ?? zoneId ?? `UTC${formatOffset(minutes)}`,
    offsetMinutes: minutes,
    timezoneOffset: formatOffset(minutes),
  };
}
