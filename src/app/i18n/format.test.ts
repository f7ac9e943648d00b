import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDecimal } from './format';

describe('[spec 4.5] numbers follow the language, on exact decimal strings', () => {
  it('[spec 4.5] groups and separates per language without losing a digit', () => {
    expect(formatDecimal('1234567.89000001', 'en')).toBe('1,234,567.89000001');
    expect(formatDecimal('1234567.5', 'de')).toBe('1.234.567,5');
    expect(formatDecimal('-1234.50', 'en')).toBe('-1,234.50');
    expect(formatDecimal('+12.34%', 'en')).toBe('+12.34%');
    expect(formatDecimal('0.00000012', 'en')).toBe('0.00000012');
    expect(formatDecimal('99999999999999999999.123456789', 'en')).toBe('99,999,999,999,999,999,999.123456789');
  });

  it('[spec 4.5] French and Russian group with a space, Arabic keeps Latin digits', () => {
    expect(formatDecimal('1234567.5', 'fr')).toMatch(/^1\s234\s567,5$/u);
    expect(formatDecimal('1234567.5', 'ru')).toMatch(/^1\s234\s567,5$/u);
    expect(formatDecimal('1234.5', 'ar')).toMatch(/^1.234.5$/u);
    expect(formatDecimal('1234.5', 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('[spec 4.5] strings that are not plain decimals come back unchanged', () => {
    expect(formatDecimal('1.2K', 'en')).toBe('1.2K');
    expect(formatDecimal('--', 'de')).toBe('--');
    expect(formatDecimal('1e5', 'en')).toBe('1e5');
    expect(formatDecimal(undefined, 'en')).toBe('--');
  });
});

describe('[spec 4.6] dates follow the platform time zone', () => {
  const t = Date.UTC(2026, 0, 2, 20, 30, 15); // 2026-01-02 20:30:15 UTC

  it('[spec 4.6] the fixed offset moves the wall clock, independent of the machine zone', () => {
    expect(formatDateTime(t, { lang: 'en', offsetMinutes: 480, style: 'time' })).toBe('04:30:15');
    expect(formatDateTime(t, { lang: 'en', offsetMinutes: -210, style: 'time' })).toBe('17:00:15');
    expect(formatDateTime(t, { lang: 'en', offsetMinutes: 345, style: 'date' })).toBe('01/03/2026');
  });

  it('[spec 4.5] the date order follows the language', () => {
    expect(formatDateTime(t, { lang: 'de', offsetMinutes: 0, style: 'date' })).toBe('02.01.2026');
    expect(formatDateTime(t, { lang: 'ja', offsetMinutes: 0, style: 'date' })).toBe('2026/01/02');
  });

  it('non-finite input shows a dash', () => {
    expect(formatDateTime(Number.NaN)).toBe('--');
  });
});
