import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderBook } from '../matching/book';
import type { Side } from '../matching/types';
import { gridLevels, gridStep, MAKER_OWNER, MarketMaker, TAKER_OWNER } from './marketMaker';
import { createRng } from './rng';

/** A maker on a bare book, with takers of random sizes, as books.ts drives it. */
function setup(price: number, seed = 1) {
  const book = new OrderBook();
  let id = 1;
  let selfTrades = 0;
  const maker: MarketMaker = new MarketMaker(
    createRng(seed, 'mm-test'),
    {
      placeLimit(owner, side, p, quantity) {
        const r = book.apply({ type: 'place', id: id++, owner, side, kind: 'limit', price: p, quantity, time: 0 });
        if (!r.ok) throw new Error(r.error);
        if (r.order.cancelReason === 'selfTrade') selfTrades++;
        return r.order;
      },
      cancel(oid) {
        const r = book.apply({ type: 'cancel', id: oid, time: 0 });
        if (!r.ok) throw new Error(r.error);
      },
    },
    price,
    2,
    4,
  );
  const take = (side: Side, quantity: number) => {
    const limit = side === 'buy' ? 1e12 : 1;
    const r = book.apply({
      type: 'place',
      id: id++,
      owner: TAKER_OWNER,
      side,
      kind: 'market',
      price: limit,
      quantity,
      time: 0,
    });
    if (!r.ok) throw new Error(r.error);
    for (const m of r.makers) maker.update(m);
    return r;
  };
  const user = (side: Side, price: number, quantity: number) => {
    const r = book.apply({ type: 'place', id: id++, owner: 5, side, kind: 'limit', price, quantity, time: 0 });
    if (!r.ok) throw new Error(r.error);
    return r.order;
  };
  return { book, maker, take, user, selfTrades: () => selfTrades };
}

describe('market maker ladder [SIM-9]', () => {
  it('[SIM-9] the grid step is about 1 basis point of the price, a 1-2-5 number of ticks, at least one tick', () => {
    expect(gridStep(6_725_050)).toBe(500); // BTC 67,250.50: 5.00
    expect(gridStep(348_025)).toBe(50); // ETH 3,480.25: 0.50
    expect(gridStep(12_345)).toBe(1); // DOGE 0.12345 (5 decimals)
    expect(gridStep(3)).toBe(1);
    expect(gridStep(25_000)).toBe(2);
    expect(gridLevels('buy', 3, 1)).toEqual([2, 1]); // never below one tick
  });

  it('[SIM-9] after every re-quote the maker holds exactly the top and the grid on each side, whatever the walk and the takers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 10_000_000 }),
        fc.array(
          fc.tuple(
            fc.double({ min: -0.003, max: 0.003, noNaN: true }),
            fc.boolean(),
            fc.double({ min: 0, max: 3, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 120,
          },
        ),
        (start, moves) => {
          const t = setup(start);
          let p = start;
          for (const [move, buy, size] of moves) {
            p = Math.max(1, Math.round(p * (1 + move)));
            const side: Side = buy ? 'buy' : 'sell';
            t.maker.quote(p, side);
            const askTop = side === 'buy' ? p : p + 1;
            const bidTop = side === 'sell' ? p : p - 1;
            const d = t.book.depth();
            const g = t.maker.step;
            expect(d.asks.map((l) => l[0])).toEqual([askTop, ...gridLevels('sell', askTop, g)]);
            expect(d.bids.map((l) => l[0])).toEqual(bidTop >= 1 ? [bidTop, ...gridLevels('buy', bidTop, g)] : []);
            // The taker: up to 3 top sizes, so it sometimes walks into the grid.
            const top = (side === 'buy' ? d.asks : d.bids)[0]?.[1] ?? 1;
            const r = t.take(side, Math.max(1, Math.round(top * size)));
            for (const f of r.fills) expect([f.makerOwner, f.takerOwner]).toEqual([MAKER_OWNER, TAKER_OWNER]);
            expect(r.fills[0]?.price).toBe(side === 'buy' ? askTop : bidTop);
          }
          expect(t.selfTrades()).toBe(0);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });

  it('[SIM-9] a re-quote after a small move changes only a few levels (small depth deltas)', () => {
    const t = setup(6_725_050);
    t.maker.quote(6_725_050, 'buy');
    let changes = 0;
    let p = 6_725_050;
    const rng = createRng(3, 'walk');
    for (let i = 0; i < 1_000; i++) {
      p += Math.round(rng.normal() * 270); // BTC: about 2.70 USDT a trade
      const before = t.book.depth();
      const side: Side = rng.next() < 0.5 ? 'buy' : 'sell';
      t.maker.quote(p, side);
      const after = t.book.depth();
      const key = (s: [number, number][]) => new Map(s.map(([a, b]) => [a, b]));
      for (const [x, y] of [
        [before.asks, after.asks],
        [before.bids, after.bids],
      ]) {
        const a = key(x);
        const b = key(y);
        for (const [k, v] of b) if (a.get(k) !== v) changes++;
        for (const k of a.keys()) if (!b.has(k)) changes++;
      }
      t.take(side, 1);
    }
    // The two tops move every time; the grid rarely.
    expect(changes / 1_000).toBeLessThan(6);
  });

  it("[SIM-10] the maker's quotes fill a user's order the model moved through, and the next re-quote restores the whole ladder", () => {
    const t = setup(1_000_000);
    const g = t.maker.step;
    expect(g).toBe(100);
    t.maker.quote(1_000_000, 'buy');
    // A user's ask just above the top ask rests; then the model jumps up through it.
    const placed = t.user('sell', 1_000_050, 1e12);
    expect(placed.status).toBe('open');
    t.maker.quote(1_001_000, 'buy');
    // Every maker bid at or above the user's price traded with it (at the user's price) and could not rest.
    const bids = t.book.depth().bids.map((l) => l[0]);
    expect(bids[0]).toBeLessThan(1_000_050);
    const mine = t.book.order(placed.id)!;
    expect(mine.filled).toBeGreaterThan(0);
    // The user cancels; the next re-quote at the same price puts back every level of the ladder.
    expect(t.book.apply({ type: 'cancel', id: placed.id, time: 0 }).ok).toBe(true);
    t.maker.quote(1_001_000, 'buy');
    const d = t.book.depth();
    expect(d.bids.map((l) => l[0])).toEqual([1_000_999, ...gridLevels('buy', 1_000_999, g)]);
    expect(d.asks.map((l) => l[0])).toEqual([1_001_000, ...gridLevels('sell', 1_001_000, g)]);
    expect(t.selfTrades()).toBe(0);
  });
});
