/**
 * Time zone (spec 4.6, 9.1). The server's timeZone setting carries zoneId, offSet and offSetValue.
 * If one of the 38 known zones matches the offset value, that zone is used; otherwise the server's
 * zone id. Offsets are written as in the source: hours with a ".3" (30 min) or ".45" (45 min) fraction.
 * Dates are formatted with the fixed offset, so the result never depends on the browser's zone or DST.
 */
export interface KnownZone {
  /** Region name shown to the user (IANA id). */
  zone: string;
  /** Offset in the source's notation: -3.3 is UTC-03:30, 5.45 is UTC+05:45. */
  offset: number;
}

/** The 38-zone table, UTC-12 to UTC+14. */
export const KNOWN_ZONES: readonly KnownZone[] = [
  { zone: 'Etc/GMT+12', offset: -12 },
  { zone: 'Pacific/Pago_Pago', offset: -11 },
  { zone: 'Pacific/Honolulu', offset: -10 },
  { zone: 'Pacific/Marquesas', offset: -9.3 },
  { zone: 'America/Anchorage', offset: -9 },
  { zone: 'America/Los_Angeles', offset: -8 },
  { zone: 'America/Denver', offset: -7 },
  { zone: 'America/Chicago', offset: -6 },
  { zone: 'America/New_York', offset: -5 },
  { zone: 'America/Halifax', offset: -4 },
  { zone: 'America/St_Johns', offset: -3.3 },
  { zone: 'America/Sao_Paulo', offset: -3 },
  { zone: 'Atlantic/South_Georgia', offset: -2 },
  { zone: 'Atlantic/Azores', offset: -1 },
  { zone: 'Europe/London', offset: 0 },
  { zone: 'Europe/Paris', offset: 1 },
  { zone: 'Europe/Athens', offset: 2 },
  { zone: 'Europe/Moscow', offset: 3 },
  { zone: 'Asia/Tehran', offset: 3.3 },
  { zone: 'Asia/Dubai', offset: 4 },
  { zone: 'Asia/Kabul', offset: 4.3 },
  { zone: 'Asia/Karachi', offset: 5 },
  { zone: 'Asia/Kolkata', offset: 5.3 },
  { zone: 'Asia/Kathmandu', offset: 5.45 },
  { zone: 'Asia/Dhaka', offset: 6 },
  { zone: 'Asia/Yangon', offset: 6.3 },
  { zone: 'Asia/Bangkok', offset: 7 },
  { zone: 'Asia/Shanghai', offset: 8 },
  { zone: 'Australia/Eucla', offset: 8.45 },
  { zone: 'Asia/Tokyo', offset: 9 },
  { zone: 'Australia/Adelaide', offset: 9.3 },
  { zone: 'Australia/Sydney', offset: 10 },
  { zone: 'Australia/Lord_Howe', offset: 10.3 },
  { zone: 'Pacific/Noumea', offset: 11 },
  { zone: 'Pacific/Auckland', offset: 12 },
  { zone: 'Pacific/Chatham', offset: 12.45 },
  { zone: 'Pacific/Tongatapu', offset: 13 },
  { zone: 'Pacific/Kiritimati', offset: 14 },
];

/** Spec 9.1: default offset +08:00. */
export const DEFAULT_ZONE: KnownZone = { zone: 'Asia/Shanghai', offset: 8 };

/** Source notation (5.45) to minutes (345). */
export function notationToMinutes(offset: number): number {
  const sign = offset < 0 ? -1 : 1;
  const abs = Math.abs(offset);
  const hours = Math.floor(abs + 1e-9);
  const frac = Math.round((abs - hours) * 100);
  // ".3" and ".45" are the source's half and three-quarter hours; ".5" and ".75" are plain decimal hours.
  const minutes = frac === 30 || frac === 50 ? 30 : frac === 45 || frac === 75 ? 45 : 0;
  return sign * (hours * 60 + minutes);
}

/**
 * Parses any offset form the server may send: 8, "8", 5.3, "+05:30", "GMT+8", "UTC-03:30".
 * Returns minutes east of UTC, or undefined if unreadable.
 */
export function parseOffsetMinutes(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.abs(v) <= 14 ? notationToMinutes(v) : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim().replace(/^(utc|gmt)/i, '');
  if (s === '') return v.trim() === '' ? undefined : 0;
  const hm = /^([+-])?(\d{1,2}):(\d{2})$/.exec(s);
  if (hm) {
    const m = Number(hm[2]) * 60 + Number(hm[3]);
    return m > 14 * 60 ? undefined : (hm[1] === '-' ? -1 : 1) * m;
  }
  const n = Number(s);
  return Number.isFinite(n) && Math.abs(n) <= 14 ? notationToMinutes(n) : undefined;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface ResolvedZone {
  /** Region name (a known zone, else the server's zone id). */
  timezone: string;
  /** Minutes east of UTC. */
  offsetMinutes: number;
  /** "+08:00" */
  timezoneOffset: string;
}

/** Spec 4.6: a known zone matching the offset value wins; otherwise the server zone id is kept. */
export function resolveTimeZone(setting: { zoneId?: unknown; offSet?: unknown; offSetValue?: unknown } | undefined): ResolvedZone {
  const fallback = notationToMinutes(DEFAULT_ZONE.offset);
  const minutes = parseOffsetMinutes(setting?.offSet) ?? parseOffsetMinutes(setting?.offSetValue) ?? (setting ? undefined : fallback);
  const zoneId = typeof setting?.zoneId === 'string' && setting.zoneId.trim() !== '' ? setting.zoneId.trim() : undefined;
  if (minutes === undefined) {
    return { timezone: zoneId ?? DEFAULT_ZONE.zone, offsetMinutes: fallback, timezoneOffset: formatOffset(fallback) };
  }
  const known = KNOWN_ZONES.find((z) => notationToMinutes(z.offset) === minutes);
  return { timezone: known?.zone ?? zoneId ?? `UTC${formatOffset(minutes)}`, offsetMinutes: minutes, timezoneOffset: formatOffset(minutes) };
}
