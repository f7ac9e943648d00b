import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal';
import { normalizeAgentCode, proxyCommission } from './proxyRules';

/** A decimal string with up to `places` decimals from integer minor units. */
const amount = (places: number) =>
  fc.bigInt({ min: 1n, max: 10n ** 14n }).map((u) => new Decimal(u.toString()).div(10 ** places).toFixed());

describe('proxyCommission', () => {
  it('[PROXY-4] interest x rate rounded down to the coin decimals (at most 8); nothing for nothing', () => {
    expect(proxyCommission('12.345678', '0.1', 'USDT')).toBe('1.234567');
    expect(proxyCommission('0.123456789', '0.1', 'BTC')).toBe('0.01234567');
    expect(proxyCommission('0.000009', '0.1', 'USDT')).toBe('0');
    expect(proxyCommission('0', '0.1', 'USDT')).toBe('0');
    expect(proxyCommission('5', '0', 'USDT')).toBe('0');
  });

  it('[PROXY-4] never more than the exact share, less by under one minor unit, never negative', () => {
    fc.assert(
      fc.property(
        amount(8),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('USDT', 'BTC', 'ETH'),
        (interest, bp, coin) => {
          const rate = new Decimal(bp).div(10_000).toFixed();
          const c = new Decimal(proxyCommission(interest, rate, coin));
          const exact = new Decimal(interest).times(rate);
          const unit = new Decimal(1).div(10 ** (coin === 'USDT' ? 6 : 8));
          expect(c.gte(0)).toBe(true);
          expect(c.lte(exact)).toBe(true);
          expect(exact.minus(c).lt(unit)).toBe(true);
          expect(c.lte(interest)).toBe(true);
        },
      ),
    );
  });

  it('[PROXY-2] codes compare trimmed and upper case', () => {
    expect(normalizeAgentCode('  kbsx6vn3 ')).toBe('KBSX6VN3');
  });
});
