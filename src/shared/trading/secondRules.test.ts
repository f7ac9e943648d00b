import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal';
import {
  checkSecondStake,
  compareDecimal,
  isSecondRatio,
  secondPayout,
  secondStakeMax,
  type SecondPeriodLimits,
} from './secondRules';

const P: SecondPeriodLimits = { period: 30, minAmount: '10', maxAmount: '50000', status: true };

describe('the second-contract stake rule [SEC-3]', () => {
  it('[SEC-3] [SAFE-20] accepts a stake within the limits and the balance, in canonical form', () => {
    expect(checkSecondStake('10', P, '10')).toEqual({ ok: true, amount: '10' });
    expect(checkSecondStake('0050.50', P)).toEqual({ ok: true, amount: '50.5' });
    expect(checkSecondStake('25', P, '100.123456')).toEqual({ ok: true, amount: '25' });
    // SAFE-20: a number is not an amount (a double has already lost the text).
    expect(checkSecondStake(25, P, '100')).toMatchObject({ ok: false });
    expect(checkSecondStake('50000.00', P, '50000')).toEqual({ ok: true, amount: '50000' });
  });

  it('[SEC-3] refuses with the rule it breaks, the first in order: format, decimals, period, minimum, maximum, balance', () => {
    const cases: [unknown, SecondPeriodLimits, string | undefined, string, RegExp][] = [
      ['', P, undefined, 'required', /Stake is required/],
      ['abc', P, undefined, 'format', /Stake must be a number/],
      ['-5', P, undefined, 'format', /Stake must be positive/],
      ['1e3', P, undefined, 'format', /exponent/],
      ['10.123', P, undefined, 'decimals', /too many decimals: at most 2/],
      ['10.1234567', P, undefined, 'decimals', /too many decimals: at most 2/],
      ['10', { ...P, status: false }, undefined, 'period', /30 s period is closed/],
      ['9.99', P, '1000', 'minimum', /below the minimum of 10 USDT for the 30 s period/],
      ['50000.01', P, '100000', 'maximum', /above the maximum of 50000 USDT for the 30 s period/],
      ['100', P, '99.999999', 'balance', /more than your available balance of 99.999999 USDT/],
      ['10', P, '0', 'balance', /available balance of 0 USDT/],
    ];
    for (const [raw, period, available, rule, msg] of cases) {
      const r = checkSecondStake(raw, period, available);
      expect(r.ok, String(raw)).toBe(false);
      if (!r.ok) {
        expect(r.rule, String(raw)).toBe(rule);
        expect(r.msg, String(raw)).toMatch(msg);
      }
    }
  });

  it('[SEC-3] "max" fills the balance cut down to cents, capped by the maximum; none below the minimum', () => {
    expect(secondStakeMax('123.456789', P)).toBe('123.45');
    expect(secondStakeMax('1000000', P)).toBe('50000');
    expect(secondStakeMax('9.999999', P)).toBeUndefined();
    expect(secondStakeMax('10', P)).toBe('10');
    const m = secondStakeMax('777.777777', P)!;
    expect(checkSecondStake(m, P, '777.777777')).toEqual({ ok: true, amount: m });
  });

  it('[SEC-1] a usable ratio is above zero with at most 4 decimals', () => {
    expect(['0.8', '0.85', '0.8125', '1', '0.80000'].every(isSecondRatio)).toBe(true);
    expect(['0', '0.00', '0.81255', '-0.8', 'x', ''].some(isSecondRatio)).toBe(false);
  });
});

describe('exact arithmetic [SEC-6]', () => {
  it('[SEC-6] payout = stake + stake x ratio, equal to decimal.js on random stakes and ratios; never more than 6 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 5_000_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (stakeCents, ratioUnits) => {
          const stake = new Decimal(stakeCents).div(100).toFixed();
          const ratio = new Decimal(ratioUnits).div(10_000).toFixed();
          const p = secondPayout(stake, ratio);
          expect(p.profit).toBe(new Decimal(stake).times(ratio).toFixed());
          expect(p.win).toBe(new Decimal(stake).plus(p.profit).toFixed());
          expect((p.win.split('.')[1] ?? '').length).toBeLessThanOrEqual(6);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });

  it('[SEC-3] compares decimal strings by value', () => {
    expect(compareDecimal('10', '10.00')).toBe(0);
    expect(compareDecimal('9.999999', '10')).toBe(-1);
    expect(compareDecimal('100000000000000.000001', '100000000000000')).toBe(1);
  });
});
