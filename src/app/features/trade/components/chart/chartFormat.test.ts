import { describe, expect, it } from 'vitest';
import { priceLabel, readoutTime, timeTick, volumeLabel } from './chartFormat';

describe('chart labels', () => {
  it('prices use the formatter decimals of the series', () => {
    expect(priceLabel(64123.5, 2)).toBe('64123.50');
    expect(priceLabel(0.1234567, 6)).toBe('0.123457');
    expect(priceLabel(NaN, 2)).toBe('--');
  });
  it('[spec 9.2] volumes use the K/M/B/T short form', () => {
    expect(volumeLabel(1234567)).toBe('1.23M');
    expect(volumeLabel(12.5)).toBe('12.50');
  });
  it('[spec 4.6] times are in the platform offset, not the browser zone', () => {
    const sec = Date.UTC(2026, 0, 2, 15, 30) / 1000;
    expect(readoutTime(sec, 480)).toBe('2026-01-02 23:30');
    expect(readoutTime(sec, -330)).toBe('2026-01-02 10:00');
    expect(timeTick(sec, 3600, 480)).toBe('23:30');
    expect(timeTick(sec, 86_400, 480)).toBe('01-02');
    expect(timeTick(Date.UTC(2026, 0, 2, 16, 0) / 1000, 3600, 480)).toBe('01-03');
  });
});
