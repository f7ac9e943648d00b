import { describe, expect, it } from 'vitest';
import { Decimal } from '../shared/decimal';
import type { DepthLevel } from '../shared/protocol';
import { Book, type BookSide } from './depthBook';
import { unitsToDecimal } from './depthView';
import { seededRandom } from './testing/frames';

/** The side as [price, amount] with exact decimal prices, best first. */
function levels(book: Book, side: BookSide): [string, string][] {
  return side.prices.map((p, i) => [new Decimal(unitsToDecimal(p, book.priceScale, 0)).toFixed(), side.amounts[i]]);
}

function reference(m: Map<string, string>, desc: boolean): [string, string][] {
  return [...m.entries()]
    .sort((a, b) => (desc ? new Decimal(b[0]).cmp(a[0]) : new Decimal(a[0]).cmp(b[0])))
    .map(([p, a]) => [p, a]);
}

describe('the ungrouped book [BOOK-1][BOOK-2]', () => {
  it('[BOOK-1] 20,000 random levels (adds, changes, removals, finer prices) keep both sides equal to a reference map', () => {
    const rnd = seededRandom(3);
    const book = new Book();
    const ref = { bids: new Map<string, string>(), asks: new Map<string, string>() };
    for (let i = 0; i < 2_000; i++) {
      const frame: { bids: DepthLevel[]; asks: DepthLevel[] } = { bids: [], asks: [] };
      const n = 1 + Math.floor(rnd() * 10);
      for (let k = 0; k < n; k++) {
        const bid = rnd() < 0.5;
        // Mostly 2 decimals, sometimes 4 (the book rescales), written with or without trailing zeros.
        const decimals = i > 1_000 && rnd() < 0.05 ? 4 : 2;
        const units = Math.floor(rnd() * 300) + (bid ? 9_000 : 10_001) * 10 ** (decimals - 2);
        const price = new Decimal(units).div(10 ** decimals);
        const text = rnd() < 0.5 ? price.toFixed(decimals) : price.toFixed();
        const amount = rnd() < 0.3 ? '0' : String(Math.floor(rnd() * 1e6) / 1e3);
        (bid ? frame.bids : frame.asks).push([text, amount]);
        const m = bid ? ref.bids : ref.asks;
        if (new Decimal(amount).isZero()) m.delete(price.toFixed());
        else m.set(price.toFixed(), amount);
      }
      expect(book.apply(frame.bids, frame.asks, false)).toBe(true);
    }
    expect(book.priceScale).toBe(4);
    expect(levels(book, book.bids)).toEqual(reference(ref.bids, true));
    expect(levels(book, book.asks)).toEqual(reference(ref.asks, false));
  });

  it('[BOOK-5] a frame with one bad level changes nothing and says why', () => {
    const book = new Book();
    expect(book.apply([['99.5', '1']], [['100.5', '2']], true)).toBe(true);
    for (const bad of [[['98', '-1']], [['-98', '1']], [['0', '1']], [['1234567890123456.5', '1']]] as DepthLevel[][]) {
      expect(book.apply([['99.4', '1'], ...bad], [], false)).toBe(false);
      expect(book.problem).not.toBe('');
      expect(book.bids.prices).toEqual([995]);
    }
    expect(book.priceScale).toBe(1);
  });

  it('[BOOK-2] a snapshot replaces both sides', () => {
    const book = new Book();
    book.apply([['99', '1']], [['101', '1']], true);
    book.apply([['98', '2']], [], true);
    expect(book.bids.prices).toEqual([98]);
    expect(book.asks.size).toBe(0);
  });
});
