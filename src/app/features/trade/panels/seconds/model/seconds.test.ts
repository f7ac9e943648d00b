import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Period, SecondOrder } from '../../../../../../shared/schemas/trading';
import {
  findLostOrder,
  formatCountdown,
  highestId,
  intentName,
  msToNextTick,
  parseIntent,
  periodLength,
  pickPeriod,
  ratioPercent,
  sameOrder,
  sortPeriods,
  stakePresets,
  standing,
  timeLeftMs,
  winPayout,
  type PendingSecond,
} from './seconds';
import { testSecondOrderOpenedAt } from '../../testing';

const period = (over: Partial<Period> = {}): Period => ({
  id: 1,
  period: 60,
  ratio: '0.85',
  minAmount: '10',
  maxAmount: '10000',
  status: true,
  ...over,
});

const order = (over: Partial<SecondOrder> = {}) => testSecondOrderOpenedAt(1_000_000, { id: 10, ...over });

describe('second contracts: what a win pays (SECUI-3)', () => {
  it('[SECUI-3] a win pays the stake plus stake × ratio, exactly', () => {
    expect(winPayout('100', '0.85')).toBe('185');
    expect(winPayout('12.34', '0.8765')).toBe('23.15601');
    expect(winPayout('0.01', '0.9')).toBe('0.019');
    expect(ratioPercent('0.85')).toBe('85');
    expect(ratioPercent('0.8765')).toBe('87.65');
  });

  it('[SECUI-3] nothing is shown for a stake that is not a positive plain number', () => {
    for (const s of ['', '0', '0.00', 'abc', '1e3', '-5', '12.'] as const) expect(winPayout(s, '0.85'), s).toBeNull();
  });

  it('[SECUI-3] the payout shown equals stake × (1 + ratio) for any cent stake and ratio', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 1, max: 19_999 }), (cents, r) => {
        const stake = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const ratio = `${Math.floor(r / 10_000)}.${String(r % 10_000).padStart(4, '0')}`;
        // Exact integer arithmetic: stake in cents × (10000 + r) / 10^6.
        const expected = cents * (10_000n + BigInt(r));
        const got = winPayout(stake, ratio)!;
        const [i, f = ''] = got.split('.');
        expect(BigInt(i + f.padEnd(6, '0'))).toBe(expected);
      }),
    );
  });
});

describe('second contracts: periods and presets (SECUI-1, SECUI-2)', () => {
  it('[SECUI-1] periods shortest first; the wanted open one, else the first open one, is chosen', () => {
    const ps = sortPeriods([
      period({ id: 3, period: 300 }),
      period({ id: 1, period: 30, status: false }),
      period({ id: 2, period: 60 }),
    ]);
    expect(ps.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(pickPeriod(ps, null)?.id).toBe(2);
    expect(pickPeriod(ps, 3)?.id).toBe(3);
    expect(pickPeriod(ps, 1)?.id).toBe(2); // closed: not chosen
    expect(pickPeriod([], null)).toBeUndefined();
    expect(periodLength(30)).toEqual({ n: 30, unit: 's' });
    expect(periodLength(120)).toEqual({ n: 2, unit: 'min' });
    expect(periodLength(90)).toEqual({ n: 90, unit: 's' });
    expect(periodLength(3600)).toEqual({ n: 1, unit: 'h' });
  });

  it('[SECUI-2] presets: the minimum, 50/100/500 inside the range, and max from the balance in whole cents', () => {
    expect(stakePresets(period(), '1234.5678')).toEqual([
      { key: 'min', amount: '10' },
      { key: '50', amount: '50' },
      { key: '100', amount: '100' },
      { key: '500', amount: '500' },
      { key: 'max', amount: '1234.56' },
    ]);
    // 50 equals the minimum and 500 is above the maximum: left out; max is the period's maximum.
    expect(stakePresets(period({ minAmount: '50', maxAmount: '200' }), '9999')).toEqual([
      { key: 'min', amount: '50' },
      { key: '100', amount: '100' },
      { key: 'max', amount: '200' },
    ]);
    // A balance below the minimum: no max; balance unknown: no max either.
    expect(stakePresets(period(), '9.99').at(-1)).toEqual({ key: 'max', amount: undefined });
    expect(stakePresets(period(), undefined).at(-1)).toEqual({ key: 'max', amount: undefined });
  });
});

describe('second contracts: countdown on server time (SECUI-6)', () => {
  it('[SECUI-6] time left is the close time against the local clock plus the server offset', () => {
    // The server is 5 s ahead of this machine: 60 s after opening on the server is 55 s from now here.
    expect(timeLeftMs(1_060_000, 1_000_000, 5_000)).toBe(55_000);
    expect(timeLeftMs(1_060_000, 1_000_000, -2_000)).toBe(62_000);
    expect(timeLeftMs(1_060_000, 1_000_000, null)).toBe(60_000);
    expect(timeLeftMs(1_060_000, 1_070_000, 0)).toBe(0);
  });

  it('[SECUI-6] the countdown shows whole seconds rounded up and ticks at the whole-second change', () => {
    expect(formatCountdown(55_000)).toBe('0:55');
    expect(formatCountdown(54_001)).toBe('0:55');
    expect(formatCountdown(54_000)).toBe('0:54');
    expect(formatCountdown(299_500)).toBe('5:00');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(msToNextTick(1_060_000, 1_000_000, 250)).toBe(750);
    expect(msToNextTick(1_060_000, 1_000_000, 0)).toBe(1000);
    expect(msToNextTick(1_060_000, 1_060_000, 0)).toBe(0);
  });

  it('[SECUI-6] an open contract wins, loses or draws at the live price by the settlement rule', () => {
    expect(standing('up', '100.5', '100.6')).toBe('winning');
    expect(standing('up', '100.5', '100.4')).toBe('losing');
    expect(standing('down', '100.5', '100.4')).toBe('winning');
    expect(standing('down', '100.5', '100.50')).toBe('even');
    expect(standing('up', '100.5', undefined)).toBeNull();
  });
});

describe('second contracts: a reply that never came (SECUI-5)', () => {
  const p: PendingSecond = {
    symbol: 'btcusdt',
    direction: 'up',
    amount: '100',
    periodId: 1,
    afterId: 9,
    since: 1_000_000,
    at: 999_000,
  };

  it('[SECUI-5] the intent name carries the submission and reads back the same; other names are not ours', () => {
    expect(parseIntent(intentName(p))).toEqual(p);
    expect(parseIntent('withdraw')).toBeNull();
    expect(parseIntent('second:btcusdt:sideways:100:1:9:0:0')).toBeNull();
    expect(parseIntent('second:btcusdt:up:1e2:1:9:0:0')).toBeNull();
    expect(parseIntent('second:btcusdt:up:100:1:9:0')).toBeNull();
  });

  it('[SECUI-5] the same pair, direction, stake (any spelling) and period is the same order', () => {
    expect(sameOrder(p, { symbol: 'BTCUSDT', direction: 'up', amount: '100.00', periodId: 1 })).toBe(true);
    expect(sameOrder(p, { symbol: 'btcusdt', direction: 'down', amount: '100', periodId: 1 })).toBe(false);
    expect(sameOrder(p, { symbol: 'btcusdt', direction: 'up', amount: '100.01', periodId: 1 })).toBe(false);
    expect(sameOrder(p, { symbol: 'btcusdt', direction: 'up', amount: '100', periodId: 2 })).toBe(false);
  });

  it('[SECUI-5] the order is recognised by its fields, an id above those known and its open time', () => {
    const rows = [
      order({ id: 12, openTime: 1_000_400 }),
      order({ id: 11, openTime: 1_000_300 }),
      order({ id: 9, openTime: 1_000_200 }), // known before the submission
      order({ id: 13, direction: 'down', openTime: 1_000_500 }),
      order({ id: 14, amount: '100.5', openTime: 1_000_500 }),
      order({ id: 15, openTime: 900_000 }), // long before the submission (clock slack is a minute)
    ];
    expect(findLostOrder(rows, p)?.id).toBe(11);
    expect(findLostOrder(rows.slice(2), p)).toBeUndefined();
    // Without a known clock offset the time is not used.
    expect(findLostOrder([order({ id: 15, openTime: 900_000 })], { ...p, since: 0 })?.id).toBe(15);
    expect(highestId([order({ id: 3 })], undefined, [order({ id: 7 }), order({ id: 5 })])).toBe(7);
    expect(highestId()).toBe(0);
  });
});
