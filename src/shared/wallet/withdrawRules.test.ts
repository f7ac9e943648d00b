import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../decimal';
import { depositNetworks, withdrawChannelsLikeDeposits } from './depositNetworks';
import {
  describeWithdrawProblem,
  inWithdrawWindow,
  platformDayStart,
  quoteWithdrawal,
  type ChannelRules,
  type GeneralRules,
  type WithdrawContext,
} from './withdrawRules';

const TRC20: ChannelRules = {
  type: 'USDT-TRC20',
  coin: 'USDT',
  open: true,
  fee: '1',
  ratio: '0.5',
  freeNum: 0,
  dayWithdrawalNum: 3,
  min: '12',
  max: '100000',
  precision: 6,
};
const OPEN_ALL_DAY: GeneralRules = {
  limitTime: false,
  limitTimeStart: '11:00:00',
  limitTimeEnd: '23:00:00',
  checkPass: true,
  checkCode: false,
};
// 2026-11-23 12:00 UTC = 20:00 at UTC+8.
const NOON_UTC = Date.UTC(2026, 10, 23, 12, 0, 0);
const ctx = (over: Partial<WithdrawContext> = {}): WithdrawContext => ({
  usedToday: 0,
  available: '1000',
  now: NOON_UTC,
  offsetMinutes: 480,
  ...over,
});
const rules = (q: ReturnType<typeof quoteWithdrawal>) => q.problems.map((p) => p.rule);

describe('withdrawal rules [WDR-1]', () => {
  it('[WDR-2] the fee is fixed plus percent, on top of the amount, rounded up to the coin precision', () => {
    const q = quoteWithdrawal(TRC20, OPEN_ALL_DAY, ctx(), '100.123457');
    // 1 + 100.123457 * 0.5 % = 1.5006172850 -> 1.500618 (up)
    expect(q.fee).toBe('1.500618');
    expect(q.receive).toBe('100.123457');
    expect(q.total).toBe('101.624075');
    expect(q.problems).toEqual([]);
    expect(q.needsPassword).toBe(true);
  });

  it('[WDR-3] free withdrawals left today cost nothing; used ones are counted', () => {
    const ch = { ...TRC20, freeNum: 2 };
    expect(quoteWithdrawal(ch, OPEN_ALL_DAY, ctx({ usedToday: 1 }), '50').fee).toBe('0');
    expect(quoteWithdrawal(ch, OPEN_ALL_DAY, ctx({ usedToday: 1 }), '50').freeLeft).toBe(1);
    expect(quoteWithdrawal(ch, OPEN_ALL_DAY, ctx({ usedToday: 2 }), '50').fee).toBe('1.25');
  });

  it('[WDR-4] minimum, maximum, daily count, window and balance each refuse with a message naming the rule', () => {
    expect(rules(quoteWithdrawal(TRC20, OPEN_ALL_DAY, ctx(), '11.99'))).toEqual(['min']);
    expect(rules(quoteWithdrawal({ ...TRC20, max: '500' }, OPEN_ALL_DAY, ctx(), '500.01'))).toEqual(['max']);
    expect(rules(quoteWithdrawal(TRC20, OPEN_ALL_DAY, ctx({ usedToday: 3 }), '20'))).toEqual(['dailyCount']);
    const windowed = { ...OPEN_ALL_DAY, limitTime: true, limitTimeStart: '09:00:00', limitTimeEnd: '17:00:00' };
    expect(rules(quoteWithdrawal(TRC20, windowed, ctx(), '20'))).toEqual(['window']); // 20:00 at UTC+8
    expect(rules(quoteWithdrawal(TRC20, windowed, ctx({ offsetMinutes: 0 }), '20'))).toEqual([]); // 12:00 UTC
    expect(rules(quoteWithdrawal(TRC20, OPEN_ALL_DAY, ctx({ available: '20' }), '20'))).toEqual(['balance']);
    expect(rules(quoteWithdrawal({ ...TRC20, open: false }, OPEN_ALL_DAY, ctx(), '20'))).toEqual(['closed']);
    const q = quoteWithdrawal(TRC20, OPEN_ALL_DAY, ctx({ available: '20' }), '20');
    expect(describeWithdrawProblem(q.problems[0], 'USDT')).toBe(
      'Insufficient balance: 21.1 USDT needed with the fee, 20 available',
    );
    expect(describeWithdrawProblem({ rule: 'min', min: '12' }, 'USDT')).toMatch(/minimum.*12 USDT/);
    expect(describeWithdrawProblem({ rule: 'window', start: '09:00:00', end: '17:00:00' }, 'USDT')).toMatch(
      /between 09:00:00 and 17:00:00/,
    );
  });

  it('[WDR-5] bad amounts are refused with a clear reason and no fee', () => {
    for (const [text, reason] of [
      ['', 'missing'],
      ['-5', 'format'],
      ['0', 'zero'],
      ['0.0000', 'zero'],
      ['1e5', 'format'],
      ['12.1234567', 'precision'],
      ['1'.repeat(1000), 'format'],
      ['abc', 'format'],
      ['0x10', 'format'],
      [' 12 ', undefined],
    ] as const) {
      const q = quoteWithdrawal(TRC20, OPEN_ALL_DAY, ctx(), text);
      if (reason === undefined) expect(q.problems).toEqual([]);
      else expect(q.problems).toEqual([expect.objectContaining({ rule: 'amount', reason })]);
    }
  });

  it('[WDR-6] a window whose start is after its end wraps past midnight', () => {
    const night: GeneralRules = {
      ...OPEN_ALL_DAY,
      limitTime: true,
      limitTimeStart: '22:00:00',
      limitTimeEnd: '06:00:00',
    };
    expect(inWithdrawWindow(night, Date.UTC(2026, 0, 1, 23, 0), 0)).toBe(true);
    expect(inWithdrawWindow(night, Date.UTC(2026, 0, 1, 5, 59), 0)).toBe(true);
    expect(inWithdrawWindow(night, Date.UTC(2026, 0, 1, 12, 0), 0)).toBe(false);
    expect(platformDayStart(NOON_UTC, 480)).toBe(Date.UTC(2026, 10, 22, 16, 0));
  });

  it('[WDR-7] "Max" is the largest amount whose total fits the balance, never more, to the minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 8 }),
        (availMinor, feeMinor, ratioBp, precision) => {
          const unit = new Decimal(1).dividedBy(new Decimal(10).pow(precision));
          const ch: ChannelRules = {
            ...TRC20,
            precision,
            fee: new Decimal(feeMinor).times(unit).toFixed(),
            ratio: new Decimal(ratioBp).dividedBy(100).toFixed(),
            max: '1' + '0'.repeat(30),
            min: '0',
          };
          const available = new Decimal(availMinor).times(unit).toFixed();
          const q = quoteWithdrawal(ch, OPEN_ALL_DAY, ctx({ available }), '1');
          const max = new Decimal(q.maxAmount);
          if (max.isZero()) return true;
          const at = quoteWithdrawal(ch, OPEN_ALL_DAY, ctx({ available }), max.toFixed());
          expect(at.problems.filter((p) => p.rule === 'balance')).toEqual([]);
          const above = quoteWithdrawal(ch, OPEN_ALL_DAY, ctx({ available }), max.plus(unit).toFixed());
          expect(above.problems.map((p) => p.rule)).toContain('balance');
          return true;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('withdraw offers what deposit offers, in its order (WORD-7)', () => {
  const coin = (coinName: string, c: string) => ({
    coinName,
    coin: c,
    rechargeMin: '1',
    rechargeMax: '0',
    useSys: true,
  });
  const ch = (rechargeName: string, rechargeType: string, type = 0) => ({
    status: true,
    rechargeName,
    rechargeType,
    type,
    withdrawalMix: '1',
    useSys: true,
  });
  const s = {
    ASSET_COIN: [coin('USDT-TRC20', 'usdt'), coin('BTC', 'btc')],
    WITHDRAWAL_CHANNEL_SETTING: [
      ch('USDT-ERC20', 'usdt'),
      ch('USDT-TRC20', 'usdt'),
      ch('ETH', 'eth'),
      ch('BTC', 'btc'),
      ch('BANK', 'cny', 1),
    ],
  };
  it('[WORD-7] the deposit coins and networks first, in their order; a coin nothing deposits only to its holders', () => {
    const names = (holds: (c: string) => boolean) => withdrawChannelsLikeDeposits(s, holds).map((c) => c.rechargeName);
    expect(names(() => false)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH']);
    expect(names((c) => c === 'CNY')).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'BANK']);
    // The same first network as the deposit screen for every coin.
    for (const c of ['USDT', 'BTC', 'ETH'])
      expect(
        withdrawChannelsLikeDeposits(s, () => false).find((x) => x.rechargeType.toUpperCase() === c)?.rechargeName,
      ).toBe(depositNetworks(s).find((n) => n.coin === c)?.network);
  });
});
