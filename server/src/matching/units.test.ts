import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromUnits, pairUnits, toUnits } from './units';

describe('matching: decimal strings <-> ticks and lots', () => {
  it('[MATCH-10] converts exactly with the pair precision, both ways', () => {
    expect(toUnits('64123.5', 2)).toBe(6412350);
    expect(toUnits('64123.50', 2)).toBe(6412350);
    expect(toUnits('0.001', 3)).toBe(1);
    expect(toUnits('12', 0)).toBe(12);
    expect(toUnits('0.10000', 1)).toBe(1);
    expect(toUnits('007.1', 1)).toBe(71);
    // 0.1 + 0.2 style float traps do not exist here.
    expect(toUnits('0.3', 8)).toBe(30_000_000);
    expect(fromUnits(6412350, 2)).toBe('64123.50');
    expect(fromUnits(1, 8)).toBe('0.00000001');
    expect(fromUnits(0, 2)).toBe('0.00');
    expect(fromUnits(42, 0)).toBe('42');
    const u = pairUnits(2, 4);
    expect(u.price('100.25')).toBe(10025);
    expect(u.quantity('0.0001')).toBe(1);
    expect(u.priceString(10025)).toBe('100.25');
    expect(u.quantityString(12345)).toBe('1.2345');
  });

  it('[MATCH-10] refuses more decimals than allowed, non-decimals and overflow, naming the problem', () => {
    expect(() => toUnits('1.005', 2, 'Price')).toThrow('Price 1.005 has more than 2 decimals');
    expect(() => toUnits('1.5', 0, 'Quantity')).toThrow('Quantity 1.5 has more than 0 decimals');
    expect(() => toUnits('1.55', 1)).toThrow('has more than 1 decimal');
    for (const bad of ['', '1e5', '-1', ' 1', '1.', '.5', '0x10', 'NaN', '1,5']) {
      expect(() => toUnits(bad, 2, 'Price')).toThrow(/^Price must be a plain decimal/);
    }
    expect(() => toUnits('90071992547409.92', 2)).toThrow('too large');
    expect(() => toUnits('1', 16)).toThrow('Precision must be');
    expect(() => fromUnits(-1, 2)).toThrow('Not a non-negative safe integer');
    expect(() => fromUnits(0.5, 2)).toThrow('Not a non-negative safe integer');
  });

  it('[MATCH-10] round trip: any safe integer of units survives string and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 15 }), (n, d) => {
        const s = fromUnits(n, d);
        expect(s).toMatch(d === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${d}}$`));
        expect(toUnits(s, d)).toBe(n);
      }),
    );
  });
});
