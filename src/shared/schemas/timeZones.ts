/**
 * The 38 time zones of spec 4.6: region name, IANA id, UTC offset ("+05:30") and its value in hours (5.5).
 * Offsets run from -12 to +14, with half- and three-quarter-hour zones (the spec's ".3 or .45 fractions").
 * Used by the default settings (src/shared/defaultSettings.ts) and seeded by the server.
 */
import type { TimeZoneEntry } from './dictionary';

const rows: Array<[name: string, zoneId: string, offSet: string]> = [
  ['Baker Island', 'Etc/GMT+12', '-12:00'],
  ['Pago Pago', 'Pacific/Pago_Pago', '-11:00'],
  ['Honolulu', 'Pacific/Honolulu', '-10:00'],
  ['Marquesas Islands', 'Pacific/Marquesas', '-09:30'],
  ['Anchorage', 'America/Anchorage', '-09:00'],
  ['Los Angeles', 'America/Los_Angeles', '-08:00'],
  ['Denver', 'America/Denver', '-07:00'],
  ['Mexico City', 'America/Mexico_City', '-06:00'],
  ['New York', 'America/New_York', '-05:00'],
  ['Halifax', 'America/Halifax', '-04:00'],
  ["St. John's", 'America/St_Johns', '-03:30'],
  ['São Paulo', 'America/Sao_Paulo', '-03:00'],
  ['South Georgia', 'Atlantic/South_Georgia', '-02:00'],
  ['Azores', 'Atlantic/Azores', '-01:00'],
  ['London', 'Europe/London', '+00:00'],
  ['Paris', 'Europe/Paris', '+01:00'],
  ['Cairo', 'Africa/Cairo', '+02:00'],
  ['Moscow', 'Europe/Moscow', '+03:00'],
  ['Tehran', 'Asia/Tehran', '+03:30'],
  ['Dubai', 'Asia/Dubai', '+04:00'],
  ['Kabul', 'Asia/Kabul', '+04:30'],
  ['Karachi', 'Asia/Karachi', '+05:00'],
  ['New Delhi', 'Asia/Kolkata', '+05:30'],
  ['Kathmandu', 'Asia/Kathmandu', '+05:45'],
  ['Dhaka', 'Asia/Dhaka', '+06:00'],
  ['Yangon', 'Asia/Yangon', '+06:30'],
  ['Bangkok', 'Asia/Bangkok', '+07:00'],
  ['Beijing', 'Asia/Shanghai', '+08:00'],
  ['Eucla', 'Australia/Eucla', '+08:45'],
  ['Tokyo', 'Asia/Tokyo', '+09:00'],
  ['Adelaide', 'Australia/Adelaide', '+09:30'],
  ['Sydney', 'Australia/Sydney', '+10:00'],
  ['Lord Howe Island', 'Australia/Lord_Howe', '+10:30'],
  ['Nouméa', 'Pacific/Noumea', '+11:00'],
  ['Auckland', 'Pacific/Auckland', '+12:00'],
  ['Chatham Islands', 'Pacific/Chatham', '+12:45'],
  ["Nuku'alofa", 'Pacific/Tongatapu', '+13:00'],
  ['Kiritimati', 'Pacific/Kiritimati', '+14:00'],
];

/** "+05:45" -> 5.75, "-03:30" -> -3.5. */
export function offsetValue(offSet: string): number {
  const sign = offSet.startsWith('-') ? -1 : 1;
  const [h, m] = offSet.slice(1).split(':').map(Number);
  return sign * (h + m / 60);
}

export const TIME_ZONES: readonly TimeZoneEntry[] = rows.map(([name, zoneId, offSet]) => ({
  name,
  zoneId,
  offSet,
  offSetValue: offsetValue(offSet),
}));
