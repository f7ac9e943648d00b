import { describe, expect, it } from 'vitest';
import { parseDecimal, parsed } from './decimalParse';
import { seededRandom } from './testing/frames';

describe('parseDecimal (exact decimal strings on the trade hot path)', () => {
  it('[ENG-21] gives exactly Number(s) and the integer digits and scale', () => {
    expect(parseDecimal('64123.45')).toBe(64123.45);
    expect([parsed.digits, parsed.scale]).toEqual([6412345, 2]);
    expect(parseDecimal('-0.000120')).toBe(-0.00012);
    expect([parsed.digits, parsed.scale]).toEqual([-120, 6]);
    expect(parseDecimal('7')).toBe(7);
    expect([parsed.digits, parsed.scale]).toEqual([7, 0]);
    expect(parseDecimal('12345678901234567.5')).toBe(Number('12345678901234567.5'));
    expect(parsed.digits).toBeNaN();
  });

  it('[ENG-21] agrees with Number() on 100,000 random decimals', () => {
    const rnd = seededRandom(3);
    for (let k = 0; k < 100_000; k++) {
      const int = String(Math.floor(rnd() * 10 ** Math.floor(rnd() * 9)));
      const frac = String(Math.floor(rnd() * 10 ** 8))
        .padStart(8, '0')
        .slice(0, Math.floor(rnd() * 9));
      const s = (rnd() < 0.1 ? '-' : '') + int + (frac ? '.' + frac : '');
      expect(parseDecimal(s), s).toBe(Number(s));
    }
  });
});
