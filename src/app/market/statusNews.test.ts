import { describe, expect, it } from 'vitest';
import { statusConcerns, statusNews } from './statusNews';

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

  it('[LIVE-6] the stream live again since the screen fetched counts for every kind; a session ending does not', () => {
    const at = (count: number, liveCount: number) => ({ count, liveCount });
    expect(statusNews(at(3, 1), at(3, 2), 'spot', ['inbox'])).toBe(true);
    expect(statusNews(at(0, 0), at(0, 1), undefined, ['inbox'])).toBe(true);
    expect(statusNews(at(3, 1), at(3, 1), 'spot', ['inbox'])).toBe(false);
    expect(statusNews(at(3, 2), at(0, 0), undefined, ['inbox'])).toBe(false);
    expect(statusNews(at(3, 1), at(4, 1), 'inbox', ['inbox'])).toBe(true);
  });
});
