import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../market/hooks', () => ({ useDepthFeed: () => undefined }));

import { TopTeller } from './OrderFormShell';

const book = (bid: string, ask: string) => ({ bids: [{ price: bid }, { price: '1' }], asks: [{ price: ask }] });

describe('the form hears the best prices of the book [PERF-82]', () => {
  it('[PERF-82] a book update that keeps the best bid and ask tells the form nothing; a new best price tells it once', () => {
    const t = new TopTeller();
    const onTop = vi.fn();
    t.book(undefined, onTop);
    t.book(book('99.90', '100.10'), onTop);
    t.book({ ...book('99.90', '100.10'), bids: [{ price: '99.90' }, { price: '99.00' }] }, onTop);
    t.book(book('99.90', '100.10'), onTop);
    t.book(book('99.95', '100.10'), onTop);
    expect(onTop.mock.calls.map((c) => c[0])).toEqual([
      { bestBid: undefined, bestAsk: undefined },
      { bestBid: '99.90', bestAsk: '100.10' },
      { bestBid: '99.95', bestAsk: '100.10' },
    ]);
    // A new listener hears the best prices known at once, and the same listener again nothing.
    const next = vi.fn();
    t.listener(next);
    t.listener(next);
    expect(next.mock.calls).toEqual([[{ bestBid: '99.95', bestAsk: '100.10' }]]);
    t.book(book('99.95', '100.10'), next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
