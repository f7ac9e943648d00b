import { describe, expect, it } from 'vitest';
import { Decimal } from '../shared/decimal';
import { decimalsOf, formatChangePct, formatPrice, formatShort, formatSignedPrice } from './format';

describe('formatPrice (spec 9.2)', () => {
  it('[spec 9.2] "values under 1e-5 get 6 significant digits"', () => {
    expect(formatPrice('0.0000012345678')).toBe('0.00000123457');
    expect(formatPrice('0.000009999994')).toBe('0.00000999999');
    expect(formatPrice('0.0000012')).toBe('0.00000120000');
    expect(formatPrice('0.00000000000123456789')).toBe('0.00000000000123457');
  });

  it('[spec 9.2] "under 1e-4 get 4" significant digits, from exactly 1e-5 up', () => {
    expect(formatPrice('0.00001')).toBe('0.00001000');
    expect(formatPrice('0.000012345')).toBe('0.00001235');
    expect(formatPrice('0.00009999')).toBe('0.00009999');
  });

  it('[spec 9.2] "under 0.001 get 2" significant digits, from exactly 1e-4 up', () => {
    expect(formatPrice('0.0001')).toBe('0.00010');
    expect(formatPrice('0.00012345')).toBe('0.00012');
    expect(formatPrice('0.000999')).toBe('0.001000');
  });

  it('[spec 9.2] "otherwise under 10 get 6 decimals", from exactly 0.001 up', () => {
    expect(formatPrice('0.001')).toBe('0.001000');
    expect(formatPrice('0.5')).toBe('0.500000');
    expect(formatPrice('1')).toBe('1.000000');
    expect(formatPrice('9.1234564')).toBe('9.123456');
    expect(formatPrice('9.1234565')).toBe('9.123457');
  });

  it('[spec 9.2] "under 100 get 4" decimals, from exactly 10 up', () => {
    expect(formatPrice('10')).toBe('10.0000');
    expect(formatPrice('42.12345')).toBe('42.1235');
    expect(formatPrice('99.99994')).toBe('99.9999');
  });

  it('[spec 9.2] "else 2" decimals, from exactly 100 up, huge values included', () => {
    expect(formatPrice('100')).toBe('100.00');
    expect(formatPrice('64123.455')).toBe('64123.46');
    expect(formatPrice('64123.454999')).toBe('64123.45');
    expect(formatPrice('123456789012345678901234567890.129')).toBe('123456789012345678901234567890.13');
  });

  it('[spec 9.2] a rounding carry into the next magnitude is formatted by the new class', () => {
    expect(formatPrice('9.9999996')).toBe('10.0000');
    expect(formatPrice('99.99996')).toBe('100.00');
    expect(formatPrice('999.996')).toBe('1000.00');
    expect(formatPrice('0.00099999')).toBe('0.001000');
    expect(formatPrice('0.000099999')).toBe('0.00010');
    expect(formatPrice('0.0000099999999')).toBe('0.00001000');
  });

  it('[spec 9.2] negatives keep their sign and format by magnitude; zero is "0.00"', () => {
    expect(formatPrice('-0.0000012345678')).toBe('-0.00000123457');
    expect(formatPrice('-12.5')).toBe('-12.5000');
    expect(formatPrice('-1234.5')).toBe('-1234.50');
    expect(formatPrice('0')).toBe('0.00');
    expect(formatPrice('0.000')).toBe('0.00');
    expect(formatPrice('-0.0')).toBe('0.00');
    expect(formatPrice('00012.5')).toBe('12.5000');
  });

  it('[spec 9.2] no float artifacts: works on the digits, not on doubles', () => {
    // 0.1 + 0.2 as a double is 0.30000000000000004; exact strings never show that.
    expect(formatPrice('0.3')).toBe('0.300000');
    expect(formatPrice('1.005')).toBe('1.005000');
    expect(formatPrice('1.0049999999999999')).toBe('1.005000');
    expect(formatPrice('100.005')).toBe('100.01'); // (100.005).toFixed(2) gives "100.00"
    expect(formatPrice('8.345')).toBe('8.345000');
    expect(formatPrice('1234.565')).toBe('1234.57');
  });

  it('[spec 9.2] agrees with a decimal.js reference on 5,000 random values', () => {
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 5000; k++) {
      const exp = Math.floor(rnd() * 20) - 12;
      const digits = String(Math.floor(rnd() * 1e9)).padStart(9, '0');
      const v = new Decimal('0.' + digits).times(new Decimal(10).pow(exp)).times(rnd() < 0.2 ? -1 : 1);
      const raw = v.toFixed();
      expect(formatPrice(raw), raw).toBe(reference(raw));
    }
  });

  it('[spec 9.2] signed change: "+" for gains, "-" for losses, "0.00" for none', () => {
    expect(formatSignedPrice('12.5')).toBe('+12.5000');
    expect(formatSignedPrice('-0.00012')).toBe('-0.00012');
    expect(formatSignedPrice('0')).toBe('0.00');
    expect(decimalsOf('64123.46')).toBe(2);
    expect(decimalsOf('0.00000123457')).toBe(11);
    expect(decimalsOf('1.5K')).toBe(1);
  });
});

/** Independent reference of the 9.2 rule with decimal.js (half away from zero, re-classified). */
function reference(raw: string): string {
  const v = new Decimal(raw);
  if (v.isZero()) return '0.00';
  const a = v.abs();
  const fmt = (x: Decimal): string => {
    if (x.lt('1e-5')) return x.toSignificantDigits(6, Decimal.ROUND_HALF_UP).toFixed(Math.max(0, 5 - x.e));
    if (x.lt('1e-4')) return x.toSignificantDigits(4, Decimal.ROUND_HALF_UP).toFixed(3 - x.e);
    if (x.lt('1e-3')) return x.toSignificantDigits(2, Decimal.ROUND_HALF_UP).toFixed(1 - x.e);
    if (x.lt(10)) return x.toFixed(6, Decimal.ROUND_HALF_UP);
    if (x.lt(100)) return x.toFixed(4, Decimal.ROUND_HALF_UP);
    return x.toFixed(2, Decimal.ROUND_HALF_UP);
  };
  let s = fmt(a);
  const again = fmt(new Decimal(s)); // rounding carried into a larger class
  if (new Decimal(again).gt(new Decimal(s)) || again.length !== s.length) s = fmt(new Decimal(s));
  return (v.isNeg() ? '-' : '') + s;
}

describe('formatChangePct (spec 9.2 and 5)', () => {
  it('[spec 9.2] "change percent has 2 decimals, rounded down" (toward zero, both signs)', () => {
    expect(formatChangePct('1.239')).toBe('+1.23%');
    expect(formatChangePct('-1.239')).toBe('-1.23%');
    expect(formatChangePct('12')).toBe('+12.00%');
    expect(formatChangePct('-0.5')).toBe('-0.50%');
    expect(formatChangePct('1.2')).toBe('+1.20%');
    expect(formatChangePct('1.019999999')).toBe('+1.01%');
    expect(formatChangePct('-1234.56789')).toBe('-1234.56%');
  });

  it('[spec 5] "price change percent is shown as 0.01 if its magnitude is under 0.01", with its sign', () => {
    expect(formatChangePct('0.0001')).toBe('+0.01%');
    expect(formatChangePct('0.009999')).toBe('+0.01%');
    expect(formatChangePct('-0.0001')).toBe('-0.01%');
    expect(formatChangePct('-0.009')).toBe('-0.01%');
    expect(formatChangePct('0.01')).toBe('+0.01%');
    expect(formatChangePct('-0.01')).toBe('-0.01%');
    expect(formatChangePct('0.019')).toBe('+0.01%');
  });

  it('[spec 5] zero change is "0.00%" without a sign', () => {
    expect(formatChangePct('0')).toBe('0.00%');
    expect(formatChangePct('0.0000')).toBe('0.00%');
    expect(formatChangePct('-0.00')).toBe('0.00%');
  });
});

describe('formatShort (spec 9.2)', () => {
  it('[spec 9.2] "suffixes K, M, B, T above 1e3, 1e6, 1e9, 1e12" with 2 decimals truncated', () => {
    expect(formatShort('1234.5')).toBe('1.23K');
    expect(formatShort('999999.99')).toBe('999.99K');
    expect(formatShort('1234567.8')).toBe('1.23M');
    expect(formatShort('1999999999')).toBe('1.99B');
    expect(formatShort('123456789012345')).toBe('123.45T');
    expect(formatShort('1000000000000000000')).toBe('1000000.00T');
  });

  it('[spec 9.2] exactly at a threshold is not "above" it', () => {
    expect(formatShort('1000')).toBe('1000.00');
    expect(formatShort('1000.00')).toBe('1000.00');
    expect(formatShort('1000.001')).toBe('1.00K');
    expect(formatShort('1000000')).toBe('1000.00K');
    expect(formatShort('1000000000')).toBe('1000.00M');
    expect(formatShort('1000000000000')).toBe('1000.00B');
  });

  it('[spec 9.2] small values, zero and negatives', () => {
    expect(formatShort('999.999')).toBe('999.99');
    expect(formatShort('0.5')).toBe('0.50');
    expect(formatShort('7')).toBe('7.00');
    expect(formatShort('0')).toBe('0.00');
    expect(formatShort('-0.001')).toBe('0.00');
    expect(formatShort('-2500000')).toBe('-2.50M');
    expect(formatShort('0.30000000000000004')).toBe('0.30');
  });
});
