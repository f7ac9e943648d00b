import { describe, expect, it } from 'vitest';
import { labelDecimals, priceLabel, readoutTime, timeTick, volumeLabel } from './chartFormat';
import { LANGUAGE_CODES } from '../../../../../shared/schemas/dictionary';

describe('chart labels', () => {
  it('prices use the formatter decimals of the series', () => {
    expect(priceLabel(64123.5, 2)).toBe('64123.50');
    expect(priceLabel(0.1234567, 6)).toBe('0.123457');
    expect(priceLabel(NaN, 2)).toBe('--');
  });
  it('[NUM-2] axis and readout prices are never finer than the pair own decimals', () => {
    expect(priceLabel(6.852, labelDecimals(6, 4))).toBe('6.8520');
    expect(priceLabel(67250.37, labelDecimals(2, 2))).toBe('67250.37');
    // A pair without decimals of its own (second contracts, options) keeps 9.2's.
    expect(labelDecimals(6, undefined)).toBe(6);
    // 9.2 coarser than the pair (a price from 100 up): 9.2's.
    expect(labelDecimals(2, 4)).toBe(2);
  });
  it('[NUM-5] volumes use the short form of the language', () => {
    expect(volumeLabel(1234567, 'en')).toBe('1.23M');
    expect(volumeLabel(1234567, 'de')).toBe('1,23\u00a0Mio.');
    expect(volumeLabel(12.5, 'en')).toBe('12.50');
    expect(volumeLabel(12.5, 'de')).toBe('12,50');
  });
  it('[NUM-6] the readout writes its date as the rest of the app does, in the language', () => {
    const sec = Date.UTC(2026, 10, 27, 18, 15) / 1000;
    expect(readoutTime(sec, 0, 'en')).toBe('11/27/2026, 18:15');
    expect(readoutTime(sec, 0, 'de')).toBe('27.11.2026, 18:15');
  });
  it('[spec 4.6] times are in the platform offset, not the browser zone', () => {
    const sec = Date.UTC(2026, 0, 2, 15, 30) / 1000;
    expect(readoutTime(sec, 480, 'en')).toBe('01/02/2026, 23:30');
    expect(readoutTime(sec, -330, 'en')).toBe('01/02/2026, 10:00');
    expect(timeTick(sec, 3600, 480, 'en')).toBe('23:30');
    expect(timeTick(sec, 86_400, 480, 'en')).toBe('01/02');
    expect(timeTick(Date.UTC(2026, 0, 2, 16, 0) / 1000, 3600, 480, 'en')).toBe('01/03');
  });
  it('[NUM-6] axis ticks follow the language: hour and minute within a day, day and month across days', () => {
    const sec = Date.UTC(2026, 10, 27, 18, 5) / 1000;
    const midnight = Date.UTC(2026, 10, 27) / 1000;
    expect(timeTick(sec, 900, 0, 'en')).toBe('18:05');
    expect(timeTick(midnight, 3600, 0, 'en')).toBe('11/27');
    expect(timeTick(sec, 86_400, 0, 'en')).toBe('11/27');
    expect(timeTick(sec, 30 * 86_400, 0, 'en')).toBe('11/2026');
    expect(timeTick(sec, 86_400, 0, 'de')).toBe('27.11.');
    expect(timeTick(sec, 86_400, 0, 'fr')).toBe('27/11');
    expect(timeTick(sec, 86_400, 0, 'ja')).toBe('11/27');
    // Arabic: day first, Latin digits, without the bidi marks that would reorder a left-to-right canvas run.
    expect(timeTick(sec, 86_400, 0, 'ar')).toBe('27/11');
    expect(timeTick(sec, 900, 0, 'ar')).toBe('18:05');
    for (const lang of LANGUAGE_CODES) {
      const day = timeTick(sec, 86_400, 0, lang);
      const time = timeTick(sec, 900, 0, lang);
      // Never the fixed "MM-DD" form of before unless it is the language's own; short enough for an axis.
      expect(day, lang).toMatch(/27/);
      expect(day, lang).toMatch(/11/);
      expect(day.length, lang).toBeLessThanOrEqual(7);
      expect(time, lang).toMatch(/^18[:.]05$/);
      expect(day + time, lang).not.toMatch(/[\u200e\u200f\u061c\u0660-\u0669]/);
    }
  });
});
