import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderBook } from './book';
import type { Command, OrderState } from './types';

/** Random command sequences over a narrow price range, so that orders cross, queue and sweep often. */
const commands = fc.array(
  fc.oneof(
    {
      weight: 7,
      arbitrary: fc.record({
        type: fc.constant('place' as const),
        owner: fc.integer({ min: 1, max: 4 }),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        kind: fc.constantFrom('limit' as const, 'limit' as const, 'market' as const),
        price: fc.integer({ min: 95, max: 105 }),
        quantity: fc.integer({ min: 1, max: 30 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('cancel' as const), back: fc.nat(40) }) },
  ),
  { minLength: 1, maxLength: 150 },
);

type Gen = typeof commands extends fc.Arbitrary<(infer T)[]> ? T : never;

function toCommands(gen: Gen[]): Command[] {
  let id = 0;
  return gen.map((g, i) =>
    g.type === 'cancel' ? { type: 'cancel', id: Math.max(1, id - g.back), time: i } : { ...g, id: ++id, time: i },
  );
}

interface Resting {
  id: number;
  owner: number;
  side: 'buy' | 'sell';
  price: number;
  remaining: number;
  arrival: number;
}

describe('matching: properties', () => {
  it('[MATCH-8] quantity is conserved: the fills of every order plus its remaining equal its quantity', () => {
    fc.assert(
      fc.property(commands, (gen) => {
        const book = new OrderBook();
        const filled = new Map<number, number>();
        const quantity = new Map<number, number>();
        const check = (s: OrderState): void => {
          expect(s.filled + s.remaining).toBe(s.quantity);
          expect(s.filled).toBe(filled.get(s.id) ?? 0);
          expect(s.quantity).toBe(quantity.get(s.id));
        };
        for (const c of toCommands(gen)) {
          if (c.type === 'place') quantity.set(c.id, c.quantity);
          const r = book.apply(c);
          if (!r.ok) continue;
          for (const f of r.fills) {
            expect(f.quantity).toBeGreaterThan(0);
            filled.set(f.makerOrderId, (filled.get(f.makerOrderId) ?? 0) + f.quantity);
            filled.set(f.takerOrderId, (filled.get(f.takerOrderId) ?? 0) + f.quantity);
          }
          check(r.order);
          r.makers.forEach(check);
        }
        for (const id of quantity.keys()) {
          const open = book.order(id);
          if (open) check(open);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('[MATCH-4] no fill is at a price worse than the taker limit (or protection limit), and every fill is at the maker price', () => {
    fc.assert(
      fc.property(commands, (gen) => {
        const book = new OrderBook();
        const price = new Map<number, number>();
        for (const c of toCommands(gen)) {
          if (c.type === 'place') price.set(c.id, c.price);
          const r = book.apply(c);
          if (!r.ok || c.type !== 'place') continue;
          for (const f of r.fills) {
            if (c.side === 'buy') expect(f.price).toBeLessThanOrEqual(c.price);
            else expect(f.price).toBeGreaterThanOrEqual(c.price);
            expect(f.price).toBe(price.get(f.makerOrderId));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('[MATCH-2] price-time priority: the makers filled are exactly the first crossing orders by best price, then arrival', () => {
    fc.assert(
      fc.property(commands, (gen) => {
        const book = new OrderBook();
        const resting = new Map<number, Resting>();
        let arrival = 0;
        for (const c of toCommands(gen)) {
          let queue: Resting[] = [];
          if (c.type === 'place') {
            queue = [...resting.values()]
              .filter((o) => o.side !== c.side && (c.side === 'buy' ? o.price <= c.price : o.price >= c.price))
              .sort((a, b) =>
                a.price === b.price ? a.arrival - b.arrival : c.side === 'buy' ? a.price - b.price : b.price - a.price,
              );
          }
          const r = book.apply(c);
          if (!r.ok) continue;
          if (c.type === 'place') {
            // Walk the queue as the rules say: stop at the taker's own order or when it is filled.
            let left = c.quantity;
            const expected: [number, number][] = [];
            for (const o of queue) {
              if (left === 0 || o.owner === c.owner) break;
              const q = Math.min(left, o.remaining);
              expected.push([o.id, q]);
              left -= q;
            }
            expect(r.fills.map((f) => [f.makerOrderId, f.quantity])).toEqual(expected);
          }
          for (const m of r.makers) {
            const o = resting.get(m.id) as Resting;
            if (m.remaining === 0) resting.delete(m.id);
            else o.remaining = m.remaining;
          }
          if (c.type === 'cancel') resting.delete(c.id);
          else if (r.order.status === 'open' || r.order.status === 'partiallyFilled') {
            resting.set(c.id, { ...c, remaining: r.order.remaining, arrival: arrival++ });
          }
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
      }),
      { numRuns: 300 },
    );
  });
});
