/** Properties of the rebate shares (REB-2, REB-3): never more than the fee, exact, rounded down, refused ratios. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal';
import { rebateRatiosProblem, rebateShares, type RebateRatios } from './rebateRules';

/** A decimal string with up to `dp` decimals, from 0 to max. */
const dec = (max: number, dp: number) =>
  fc.integer({ min: 0, max: max * 10 ** dp }).map((n) => new Decimal(n).div(10 ** dp).toFixed());
const ratios = fc
  .tuple(dec(100, 2), dec(100, 2), dec(100, 2))
  .filter((r) => r.reduce((t, x) => t.plus(x), new Decimal(0)).lte(100)) as fc.Arbitrary<RebateRatios>;
const coin = fc.constantFrom('USDT', 'BTC', 'ETH');
const places = (c: string) => (c === 'USDT' ? 6 : 8);

describe('[REB-3] rebateShares', () => {
  it('the shares sum to at most the fee, each is fee x ratio / 100 rounded down to the coin decimals', () => {
    fc.assert(
      fc.property(dec(100000, 8), coin, ratios, (fee, c, r) => {
        const shares = rebateShares(fee, c, r);
        const sum = shares.reduce((t, s) => t.plus(s), new Decimal(0));
        expect(sum.lte(fee)).toBe(true);
        shares.forEach((s, i) => {
          const exact = new Decimal(fee).times(r[i]).div(100);
          const d = new Decimal(s);
          expect(d.decimalPlaces()).toBeLessThanOrEqual(places(c));
          expect(d.lte(exact)).toBe(true);
          expect(exact.minus(d).lt(new Decimal(10).pow(-places(c)))).toBe(true);
          expect(d.gte(0)).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('a larger fee never gives a smaller share (monotone)', () => {
    fc.assert(
      fc.property(dec(1000, 6), dec(1000, 6), coin, ratios, (a, b, c, r) => {
        const [lo, hi] = new Decimal(a).lte(b) ? [a, b] : [b, a];
        const sl = rebateShares(lo, c, r);
        const sh = rebateShares(hi, c, r);
        sl.forEach((s, i) => expect(new Decimal(s).lte(sh[i])).toBe(true));
      }),
      { numRuns: 300 },
    );
  });

  it('a zero or negative fee, or refused ratios, give three zeros', () => {
    expect(rebateShares('0', 'USDT', ['10', '5', '1'])).toEqual(['0', '0', '0']);
    expect(rebateShares('-1', 'USDT', ['10', '5', '1'])).toEqual(['0', '0', '0']);
    expect(rebateShares('5', 'USDT', ['60', '30', '20'])).toEqual(['0', '0', '0']);
    expect(rebateShares('0.000001', 'USDT', ['10', '5', '1'])).toEqual(['0', '0', '0']);
    expect(rebateShares('1', 'USDT', ['10', '5', '1'])).toEqual(['0.1', '0.05', '0.01']);
  });
});

describe('[REB-2] rebateRatiosProblem', () => {
  it('accepts ratios from 0 to 100 that sum to at most 100, refuses the rest with a sentence', () => {
    fc.assert(
      fc.property(ratios, (r) => {
        expect(rebateRatiosProblem(r)).toBeNull();
      }),
    );
    expect(rebateRatiosProblem(['-1', '0', '0'])).toContain("Level 1's ratio");
    expect(rebateRatiosProblem(['0', '101', '0'])).toContain('at most 100');
    expect(rebateRatiosProblem(['50', '40', '20'])).toContain('together');
  });
});
