import { describe, expect, it } from 'vitest';
import { MSG_AMOUNT_AS_STRING, assetDecimals, checkAmount } from './amount';

describe('[LEDGER-7] the one amount rule', () => {
  it('accepts plain positive decimals and returns them canonical', () => {
    expect(checkAmount('12.50', 'usdt')).toEqual({ ok: true, amount: '12.5' });
    expect(checkAmount('007', 'BTC')).toEqual({ ok: true, amount: '7' });
    expect(checkAmount('0.00000001', 'BTC')).toEqual({ ok: true, amount: '0.00000001' });
    expect(checkAmount('999999999999999', 'USDT')).toEqual({ ok: true, amount: '999999999999999' });
    expect(assetDecimals('usdt')).toBe(6);
    expect(assetDecimals('DOGE')).toBe(8);
  });
  it.each([
    ['-1', 'Amount must be positive'],
    ['0', 'Amount must be greater than zero'],
    ['0.000', 'Amount must be greater than zero'],
    ['1e5', 'Amount must be written in plain digits, without an exponent'],
    ['1.0000001', 'Amount has more decimals than USDT allows (at most 6)'],
    ['1'.repeat(1000), 'Amount is too long (at most 15 digits before the point)'],
    ['1234567890123456', 'Amount is too large (at most 15 digits before the point)'],
    ['abc', 'Amount must be a number, e.g. 12.5'],
    ['NaN', 'Amount must be a number, e.g. 12.5'],
    ['1.2.3', 'Amount must be digits with at most one decimal point, e.g. 12.5'],
    ['.5', 'Amount must be digits with at most one decimal point, e.g. 12.5'],
    [' 5', 'Amount must not contain spaces'],
    ['', 'Amount is required'],
    [null, 'Amount is required'],
  ])('refuses %j with a message naming the problem', (raw, msg) => {
    expect(checkAmount(raw, 'USDT')).toEqual({ ok: false, msg });
  });
  it.each([12.5, 1, Number('0.99999999999999999'), 1e21, Number.NaN])(
    '[SAFE-20] refuses the number %j: an amount is a decimal string (a double has already lost its text)',
    (raw) => {
      expect(checkAmount(raw, 'USDT')).toEqual({ ok: false, msg: MSG_AMOUNT_AS_STRING });
    },
  );
});
