import { describe, expect, it, vi } from 'vitest';
import { TITLE_PRICE_MS, tradeTitleName } from './useTradeTitle';
import { composeTitle } from '../../ui/documentTitle';

// The live market client needs a browser; the title's name is pure.
vi.mock('../../market/hooks', () => ({ useTickerWriter: () => {} }));

describe('[A11Y-18] the trade screens’ title', () => {
  it('[A11Y-18] names the pair, its price and the mode: "BTC/USDT 66,884.85 · Spot · OpenEx"', () => {
    expect(composeTitle(tradeTitleName('BTC/USDT', 'Spot', '66,884.85'), 'OpenEx')).toBe(
      'BTC/USDT 66,884.85 · Spot · OpenEx',
    );
  });

  it('[A11Y-18] before the first price it names the pair and mode; the watchlist tab names itself', () => {
    expect(tradeTitleName('ETH/USDT', 'Futures')).toBe('ETH/USDT · Futures');
    expect(tradeTitleName(undefined, 'Watchlist')).toBe('Watchlist');
  });

  it('[A11Y-18] the price in the title moves at most once a second', () => {
    expect(TITLE_PRICE_MS).toBeGreaterThanOrEqual(1000);
  });
});
