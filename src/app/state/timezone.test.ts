import { describe, expect, it } from 'vitest';
import { KNOWN_ZONES, formatOffset, hoursToMinutes, parseOffsetMinutes, resolveTimeZone } from './timezone';

describe('[spec 4.6] time zone', () => {
  it('[spec 4.6] the table has 38 zones from UTC-12 to UTC+14, with half and three-quarter hours', () => {
    expect(KNOWN_ZONES).toHaveLength(38);
    const minutes = KNOWN_ZONES.map((z) => hoursToMinutes(z.offSetValue));
    expect(Math.min(...minutes)).toBe(-12 * 60);
    expect(Math.max(...minutes)).toBe(14 * 60);
    expect(minutes).toContain(5 * 60 + 45);
    expect(minutes).toContain(-(3 * 60 + 30));
    expect(new Set(minutes).size).toBe(38);
  });

  it('[spec 4.6] offset values read as decimal hours and in the source notation (.3 = 30 min, .45 = 45 min)', () => {
    expect(hoursToMinutes(5.5)).toBe(330);
    expect(hoursToMinutes(5.3)).toBe(330);
    expect(hoursToMinutes(5.75)).toBe(345);
    expect(hoursToMinutes(5.45)).toBe(345);
    expect(hoursToMinutes(-9.3)).toBe(-570);
    expect(hoursToMinutes(-3.5)).toBe(-210);
    expect(parseOffsetMinutes('+05:45')).toBe(345);
    expect(parseOffsetMinutes('GMT+8')).toBe(480);
    expect(parseOffsetMinutes('UTC-03:30')).toBe(-210);
    expect(parseOffsetMinutes('8')).toBe(480);
    expect(parseOffsetMinutes('+15:00')).toBeUndefined();
    expect(parseOffsetMinutes(20)).toBeUndefined();
    expect(parseOffsetMinutes('abc')).toBeUndefined();
    expect(parseOffsetMinutes('')).toBeUndefined();
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(345)).toBe('+05:45');
  });

  it('[spec 4.6] a known zone matching the offset value is used', () => {
    const z = resolveTimeZone({ zoneId: 'Asia/Singapore', offSet: '+08:00', offSetValue: 8 });
    expect(z).toEqual({ timezone: 'Asia/Shanghai', offsetMinutes: 480, timezoneOffset: '+08:00' });
    expect(resolveTimeZone({ zoneId: 'X', offSet: '+05:45', offSetValue: 5.75 }).timezone).toBe('Asia/Kathmandu');
  });

  it('[spec 4.6] otherwise the server zone id is used', () => {
    const z = resolveTimeZone({ zoneId: 'Custom/Zone', offSet: '+05:15', offSetValue: 5.25 }, []);
    expect(z.timezone).toBe('Custom/Zone');
  });

  it('[spec 9.1] without a usable offset the default +08:00 applies', () => {
    expect(resolveTimeZone(undefined)).toEqual({
      timezone: 'Asia/Shanghai',
      offsetMinutes: 480,
      timezoneOffset: '+08:00',
    });
    expect(resolveTimeZone({ zoneId: 'Europe/Paris', offSet: 'bad', offSetValue: 'bad' }).timezoneOffset).toBe(
      '+08:00',
    );
  });
});
