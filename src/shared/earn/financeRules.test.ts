import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  checkSubscription,
  dailyInterest,
  expectedInterest,
  interestStart,
  maturityOf,
  utcDayStart,
} from './financeRules';

const product = { coin: 'usdt', minAmount: '10', maxAmount: '1000', remaining: '500', open: true };
const state = { available: '300', held: '100' };

describe('[FIN-3] interest arithmetic', () => {
  it('one day is principal x apr / 365 rounded down to 8 decimals (a coin of 8 decimals)', () => {
    expect(dailyInterest('365', '0.03', 'BTC')).toBe('0.03000000');
    expect(dailyInterest('1', '0.05', 'BTC')).toBe('0.00013698');
    expect(dailyInterest('0.00000001', '0.05', 'BTC')).toBe('0.00000000');
    expect(expectedInterest('365', '0.03', 30, 'BTC')).toBe('0.90000000');
    expect(expectedInterest('365', '0.03', -2, 'BTC')).toBe('0.00000000');
  });

  it("[SAFE-22] USDT interest and amounts are in USDT's own 6 decimals", () => {
    expect(dailyInterest('1', '0.05', 'usdt')).toBe('0.000136');
    expect(expectedInterest('365', '0.03', 30, 'USDT')).toBe('0.900000');
    expect(checkSubscription(product, '12.1234567', state)).toEqual({
      ok: false,
      rule: 'decimals',
      message: 'At most 6 decimals for USDT',
    });
    expect(checkSubscription(product, '12.123456', state)).toEqual({ ok: true });
  });

  it('never pays more than the exact amount, and less by under one minor unit a day (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 16n }), fc.integer({ min: 1, max: 5000 }), (p8, aprBp) => {
        const principal = `${p8 / 10n ** 8n}.${(p8 % 10n ** 8n).toString().padStart(8, '0')}`;
        const apr = (aprBp / 10_000).toFixed(4);
        const exact = (BigInt(principal.replace('.', '')) * BigInt(apr.replace('.', ''))) / (10_000n * 365n);
        expect(BigInt(dailyInterest(principal, apr, 'BTC').replace('.', ''))).toBe(exact);
      }),
    );
  });

  it('[FIN-4] interest starts settlementDay days after the subscription day; fixed terms end after termDays', () => {
    const t = Date.UTC(2026, 0, 5, 23, 59);
    expect(utcDayStart(t)).toBe(Date.UTC(2026, 0, 5));
    expect(interestStart(t, 1)).toBe(Date.UTC(2026, 0, 6));
    expect(interestStart(t, 0)).toBe(Date.UTC(2026, 0, 5));
    expect(maturityOf(Date.UTC(2026, 0, 6), 30)).toBe(Date.UTC(2026, 0, 6) + 30 * DAY_MS);
    expect(maturityOf(Date.UTC(2026, 0, 6), 0)).toBeNull();
  });
});

describe('[FIN-2] the subscription check', () => {
  it('names the first failing rule, in order', () => {
    const cases: [Partial<typeof product>, string, Partial<typeof state>, string | null][] = [
      [{ open: false }, '20', {}, 'This product is not open for subscription'],
      [{}, '', {}, 'Enter an amount'],
      [{}, '-5', {}, 'Enter an amount'],
      [{}, '0', {}, 'Enter an amount'],
      [{}, '1e3', {}, 'Enter an amount'],
      [{}, '10.000000001', {}, 'At most 6 decimals for USDT'],
      [{}, '10.0000001', {}, 'At most 6 decimals for USDT'],
      [{}, '9.999999', {}, 'The minimum is 10 USDT'],
      [{}, '900.000001', {}, 'At most 1000 USDT per user (you hold 100)'],
      [{}, '500.1', { held: '0' }, 'Only 500 USDT of the quota is left'],
      [{}, '300.000001', {}, 'Insufficient USDT balance in the platform account'],
      [{}, ' 300 ', {}, null],
      [{}, '10', {}, null],
    ];
    for (const [p, amount, s, msg] of cases) {
      const r = checkSubscription({ ...product, ...p }, amount, { ...state, ...s });
      expect(r.ok ? null : r.message, amount).toBe(msg);
    }
  });
});
