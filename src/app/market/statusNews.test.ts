import { describe, expect, it } from 'vitest';
import { statusConcerns } from './statusNews';

describe('fetching again on private news', () => {
  it('[TRADE-14] [TRADE-15] a new USER_STATUS of a shown kind counts; another kind does not; several at once might', () => {
    expect(statusConcerns(3, 4, 'spot', ['spot'])).toBe(true);
    expect(statusConcerns(3, 4, 'watchlist', ['spot'])).toBe(false);
    expect(statusConcerns(3, 4, 'watchlist', ['watchlist'])).toBe(true);
    // Two frames in one batch: only the last is visible, the first may have been ours.
    expect(statusConcerns(3, 5, 'deposit', ['spot'])).toBe(true);
    // No news (a re-render, or the count read again).
    expect(statusConcerns(4, 4, 'spot', ['spot'])).toBe(false);
    expect(statusConcerns(4, 0, undefined, ['spot'])).toBe(false);
  });
});
