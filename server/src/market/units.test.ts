import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { fmtBig, fmtMinor, parseMinor, percentChange } from './units';

describe('exact decimal edges of the market [DB-5] (money is never binary floating point)', () => {
  it('[DB-5] minor units format with exactly `scale` decimals', () => {
    expect(fmtMinor(6412350, 2)).toBe('64123.50');
    expect(fmtMinor(5, 4)).toBe('0.0005');
    expect(fmtMinor(0, 2)).toBe('0.00');
    expect(fmtMinor(-7, 3)).toBe('-0.007');
    expect(fmtMinor(1234, 0)).toBe('1234');
    expect(fmtBig(123456789012345678901234n, 8)).toBe('1234567890123456.78901234');
    expect(() => fmtMinor(0.5, 2)).toThrow();
  });

  it('[DB-5] decimal strings parse to minor units, rounding half away from zero past the scale', () => {
    expect(parseMinor('64123.5', 2)).toBe(6412350);
    expect(parseMinor('0.00005', 4)).toBe(1);
    expect(parseMinor('0.00004', 4)).toBe(0);
    expect(parseMinor('-1.005', 2)).toBe(-101);
    expect(parseMinor('12', 0)).toBe(12);
    expect(() => parseMinor('1e5', 2)).toThrow();
    expect(() => parseMinor('abc', 2)).toThrow();
  });

  it('[spec 3.4] priceChangePercent is exact to 4 decimals (matches decimal.js half-up)', () => {
    const cases: [number, number][] = [
      [101, 100],
      [99, 100],
      [1, 3],
      [2, 3],
      [6412350, 6499999],
      [123456789, 987654321],
      [5, 5],
    ];
    for (const [c, b] of cases) {
      const ref = new Decimal(c - b).div(b).mul(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
      expect(percentChange(c, b), `${c}/${b}`).toBe(ref);
    }
  });
});
