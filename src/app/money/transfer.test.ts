import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableOf,
  checkTransfer,
  defaultDestination,
  maxTransfer,
  sanitizeAmountInput,
  transferCoins,
} from './transfer';
import type { BalanceEntry } from './valuation';

const E = (account: BalanceEntry['account'], coin: string, available: string, frozen = '0'): BalanceEntry => ({
  account,
  coin,
  available,
  frozen,
});
const entries = [
  E('platform', 'USDT', '100.5', '3'),
  E('platform', 'BTC', '0.123456789'),
  E('finance', 'ETH', '2'),
  E('finance', 'USDT', '0'),
];

describe('transfer form', () => {
  it('[WAL-6] offers the coins with a balance in the from account first, USDT leading, then the others; USDT always', () => {
    expect(transferCoins(entries, 'platform').map((c) => c.coin)).toEqual(['USDT', 'BTC', 'ETH']);
    expect(transferCoins(entries, 'finance')).toEqual([
      { coin: 'ETH', available: '2' },
      { coin: 'BTC', available: '0' },
      { coin: 'USDT', available: '0' },
    ]);
    expect(transferCoins([], 'contract')).toEqual([{ coin: 'USDT', available: '0' }]);
  });

  it('[WAL-7] Max is the available balance (not the frozen part), rounded down to the coin decimals', () => {
    expect(availableOf(entries, 'platform', 'USDT')).toBe('100.5');
    expect(maxTransfer(availableOf(entries, 'platform', 'BTC'), 'BTC')).toBe('0.12345678');
    expect(maxTransfer('1.1234567', 'USDT')).toBe('1.123456');
    expect(maxTransfer('0', 'ETH')).toBe('0');
  });

  it('[WAL-7] typing keeps to the coin decimals, digits and one point', () => {
    expect(sanitizeAmountInput('1.1234567', 'USDT')).toBe('1.123456');
    expect(sanitizeAmountInput('1,5', 'BTC')).toBe('1.5');
    expect(sanitizeAmountInput('1.2.3a-e5', 'BTC')).toBe('1.235');
    expect(sanitizeAmountInput('', 'BTC')).toBe('');
  });

  it('[WAL-8] checks accounts, the shared amount rule and the available balance, in that order', () => {
    const d = { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '10' } as const;
    expect(checkTransfer(d, '100.5')).toEqual({ ok: true, amount: '10' });
    expect(checkTransfer({ ...d, amount: '010.500' }, '100.5')).toEqual({ ok: true, amount: '10.5' });
    expect(checkTransfer({ ...d, toAccount: 'platform' }, '100')).toEqual({
      ok: false,
      problem: { field: 'toAccount', reason: 'sameAccount' },
    });
    expect(checkTransfer({ ...d, amount: ' ' }, '100')).toMatchObject({ ok: false, problem: { reason: 'required' } });
    expect(checkTransfer({ ...d, amount: '0.00' }, '100')).toMatchObject({ ok: false, problem: { reason: 'zero' } });
    expect(checkTransfer({ ...d, amount: '1.1234567' }, '100')).toMatchObject({
      ok: false,
      problem: { reason: 'decimals', decimals: 6 },
    });
    expect(checkTransfer({ ...d, amount: '1e5' }, '100')).toMatchObject({ ok: false, problem: { reason: 'format' } });
    expect(checkTransfer({ ...d, amount: '100.500001' }, '100.5')).toEqual({
      ok: false,
      problem: { field: 'amount', reason: 'balance', available: '100.5' },
    });
    expect(checkTransfer({ ...d, amount: '100.5' }, '100.5')).toEqual({ ok: true, amount: '100.5' });
  });
});

describe('the transfer sheet remembers where money went (WORD-6)', () => {
  const ACC = ['platform', 'finance', 'contract'] as const;
  it('[WORD-6] the last destination is offered again, never the source; nothing remembered: the first other account', () => {
    expect(defaultDestination(ACC, 'platform', 'contract')).toBe('contract');
    expect(defaultDestination(ACC, 'finance', 'contract')).toBe('contract');
    expect(defaultDestination(ACC, 'contract', 'contract')).toBe('platform');
    expect(defaultDestination(ACC, 'platform', undefined)).toBe('finance');
    expect(defaultDestination(ACC, 'platform', 'nonsense')).toBe('finance');
    fc.assert(
      fc.property(fc.constantFrom(...ACC), fc.option(fc.string()), (from, last) => {
        expect(defaultDestination(ACC, from, last ?? undefined)).not.toBe(from);
      }),
    );
  });
});
