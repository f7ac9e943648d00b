import { describe, expect, it } from 'vitest';
import {
  accountRows,
  allRows,
  isSmall,
  pricingSymbols,
  roundValue,
  sortRows,
  valuate,
  valueInQuote,
  visibleRows,
  type BalanceEntry,
} from './valuation';

const E = (account: BalanceEntry['account'], coin: string, available: string, frozen = '0'): BalanceEntry => ({
  account,
  coin,
  available,
  frozen,
});

describe('wallet valuation', () => {
  it('[WAL-2] values at decimal precision on strings: 0.1 + 0.2 of a coin at 3 is exactly 0.9', () => {
    const rows = accountRows([E('platform', 'ETH', '0.1', '0.2')], 'platform', { ETH: '3' });
    expect(rows).toEqual([{ coin: 'ETH', available: '0.1', frozen: '0.2', total: '0.3', value: '0.9' }]);
    // A float would give 0.30000000000000004 and 0.9000000000000001.
    expect(valueInQuote('BTC', '0.12345678', { BTC: '64123.45' })).toBe('7916.474659491');
    expect(
      valuate(accountRows([E('platform', 'BTC', '123456789.12345678')], 'platform', { BTC: '99999.99' })).value,
    ).toBe('12345677677777.7867654322');
  });

  it('[WAL-2] USDT is worth 1:1 without a ticker; a coin without a price has no value (null, not 0)', () => {
    expect(valueInQuote('USDT', '10000.000000', {})).toBe('10000');
    expect(valueInQuote('usdt', '0.5', {})).toBe('0.5');
    expect(valueInQuote('XYZ', '5', { BTC: '1' })).toBeNull();
    const rows = accountRows(
      [E('platform', 'USDT', '10'), E('platform', 'XYZ', '5'), E('platform', 'BTC', '1')],
      'platform',
      {
        BTC: '2',
      },
    );
    expect(valuate(rows)).toEqual({ value: '12', unpriced: ['XYZ'] });
    expect(roundValue(null)).toBeNull();
  });

  it('[WAL-2] an empty coin without a price is not listed as unpriced; accounts stay apart', () => {
    const entries = [E('platform', 'XYZ', '0'), E('finance', 'USDT', '7', '1'), E('contract', 'USDT', '2')];
    expect(valuate(accountRows(entries, 'platform', {}))).toEqual({ value: '0', unpriced: [] });
    expect(valuate(accountRows(entries, 'finance', {})).value).toBe('8');
    expect(valuate(allRows(entries, {})).value).toBe('10');
  });

  it('[WAL-2] values show rounded down to 2 decimals', () => {
    expect(roundValue('1234.569')).toBe('1234.56');
    expect(roundValue('7')).toBe('7.00');
    expect(roundValue('0.009')).toBe('0.00');
  });

  it('[WAL-3] sorts by value, highest first; unknown values next; empty balances last; ties by code', () => {
    const rows = accountRows(
      [
        E('platform', 'DOGE', '0'),
        E('platform', 'XYZ', '3'),
        E('platform', 'USDT', '100'),
        E('platform', 'BTC', '0.01'),
        E('platform', 'ETH', '0.05'),
        E('platform', 'ABC', '1'),
        E('platform', 'AAA', '0'),
      ],
      'platform',
      { BTC: '60000', ETH: '2000', DOGE: '0.1' },
    );
    expect(sortRows(rows).map((r) => r.coin)).toEqual(['BTC', 'ETH', 'USDT', 'ABC', 'XYZ', 'AAA', 'DOGE']);
  });

  it('[WAL-4] hide small balances: under 1 USDT and empty ones go; unknown values stay', () => {
    const rows = accountRows(
      [
        E('platform', 'USDT', '0.99'),
        E('platform', 'BTC', '0.0001'),
        E('platform', 'XYZ', '0.0001'),
        E('platform', 'ETH', '0'),
      ],
      'platform',
      { BTC: '60000', ETH: '2000' },
    );
    expect(rows.filter(isSmall).map((r) => r.coin)).toEqual(['USDT', 'ETH']);
    expect(visibleRows(rows, true).map((r) => r.coin)).toEqual(['BTC', 'XYZ']);
    expect(visibleRows(rows, false)).toHaveLength(4);
    // Exactly 1 USDT is not small.
    expect(isSmall(accountRows([E('platform', 'USDT', '1')], 'platform', {})[0])).toBe(false);
  });

  it('[WAL-2] a coin is priced by its USDT pair of the market lists; none for USDT or a coin without a pair', () => {
    const pairs = [
      { coin: 'BTC', baseCoin: 'USDT', symbol: 'btcusdt' },
      { coin: 'ETH', baseCoin: 'BTC', symbol: 'ethbtc' },
      { coin: 'ETH', baseCoin: 'USDT', symbol: 'ethusdt' },
    ];
    expect(pricingSymbols(['BTC', 'ETH', 'USDT', 'XYZ'], pairs, (p) => p.symbol)).toEqual({
      BTC: 'btcusdt',
      ETH: 'ethusdt',
    });
  });
});
