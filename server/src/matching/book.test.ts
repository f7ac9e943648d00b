import { describe, expect, it } from 'vitest';
import { OrderBook } from './book';
import type { Accepted, Command, OrderKind, Result, Side } from './types';

let nextId = 0;
const T = 1_700_000_000_000;

function place(side: Side, price: number, quantity: number, owner = 1, kind: OrderKind = 'limit'): Command {
  return { type: 'place', id: ++nextId, owner, side, kind, price, quantity, time: T + nextId };
}

function ok(r: Result): Accepted {
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r;
}

function book(): OrderBook {
  nextId = 0;
  return new OrderBook();
}

describe('matching: the order book', () => {
  it('[MATCH-3] a limit order that does not cross rests; depth lists both sides best first', () => {
    const b = book();
    ok(b.apply(place('buy', 99, 5)));
    ok(b.apply(place('buy', 100, 3)));
    ok(b.apply(place('buy', 100, 2)));
    ok(b.apply(place('sell', 102, 4)));
    const r = ok(b.apply(place('sell', 101, 1)));
    expect(r.fills).toEqual([]);
    expect(r.order).toMatchObject({ status: 'open', filled: 0, remaining: 1 });
    expect(r.depth).toEqual([{ side: 'sell', price: 101, total: 1 }]);
    expect(b.depth()).toEqual({
      bids: [
        [100, 5],
        [99, 5],
      ],
      asks: [
        [101, 1],
        [102, 4],
      ],
    });
    expect(b.bestBid()).toBe(100);
    expect(b.bestAsk()).toBe(101);
  });

  it('[MATCH-9] the depth snapshot is limited to N levels a side', () => {
    const b = book();
    for (let p = 90; p < 100; p++) ok(b.apply(place('buy', p, 1)));
    for (let p = 101; p < 111; p++) ok(b.apply(place('sell', p, 2)));
    const d = b.depth(3);
    expect(d.bids).toEqual([
      [99, 1],
      [98, 1],
      [97, 1],
    ]);
    expect(d.asks).toEqual([
      [101, 2],
      [102, 2],
      [103, 2],
    ]);
  });

  it('[MATCH-2] an incoming order meets the best price first, then the earliest order at that price, at the maker price', () => {
    const b = book();
    const a = place('sell', 101, 2, 1);
    const c = place('sell', 100, 2, 2);
    const d = place('sell', 100, 2, 3);
    for (const x of [a, c, d]) ok(b.apply(x));
    const r = ok(b.apply(place('buy', 105, 5, 9)));
    expect(r.fills.map((f) => [f.makerOrderId, f.price, f.quantity])).toEqual([
      [c.id, 100, 2],
      [d.id, 100, 2],
      [a.id, 101, 1],
    ]);
    expect(r.fills.map((f) => f.seq)).toEqual([1, 2, 3]);
    expect(r.order).toMatchObject({ status: 'filled', filled: 5, remaining: 0 });
    expect(r.makers.map((m) => [m.id, m.status, m.remaining])).toEqual([
      [c.id, 'filled', 0],
      [d.id, 'filled', 0],
      [a.id, 'partiallyFilled', 1],
    ]);
    expect(r.depth).toEqual([
      { side: 'sell', price: 100, total: 0 },
      { side: 'sell', price: 101, total: 1 },
    ]);
    expect(b.order(a.id)).toMatchObject({ status: 'partiallyFilled', remaining: 1, filled: 1 });
    expect(b.order(c.id)).toBeUndefined();
  });

  it('[MATCH-8] a fill carries both order ids and owners, the taker side, the quantity and the command time', () => {
    const b = book();
    const maker = place('buy', 50, 10, 4);
    ok(b.apply(maker));
    const taker = place('sell', 50, 3, 7);
    const r = ok(b.apply(taker));
    expect(r.fills).toEqual([
      {
        seq: 1,
        makerOrderId: maker.id,
        takerOrderId: taker.id,
        price: 50,
        quantity: 3,
        takerSide: 'sell',
        makerOwner: 4,
        takerOwner: 7,
        time: taker.time,
      },
    ]);
    expect(r.depth).toEqual([{ side: 'buy', price: 50, total: 7 }]);
  });

  it('[MATCH-3] a limit order partly filled rests the rest at its limit, behind earlier orders at that price', () => {
    const b = book();
    ok(b.apply(place('sell', 100, 3, 1)));
    const r = ok(b.apply(place('buy', 101, 5, 2)));
    expect(r.order).toMatchObject({ status: 'partiallyFilled', filled: 3, remaining: 2, price: 101 });
    expect(r.depth).toEqual([
      { side: 'sell', price: 100, total: 0 },
      { side: 'buy', price: 101, total: 2 },
    ]);
    const early = place('sell', 105, 1, 3);
    ok(b.apply(early));
    const late = place('sell', 105, 1, 4);
    ok(b.apply(late));
    const sweep = ok(b.apply(place('buy', 105, 1, 5)));
    expect(sweep.fills.map((f) => f.makerOrderId)).toEqual([early.id]);
    expect(b.bestBid()).toBe(101);
    expect(b.bestAsk()).toBe(105);
  });

  it('[MATCH-4] a market order trades up to its protection limit and cancels the rest; it never rests', () => {
    const b = book();
    ok(b.apply(place('sell', 100, 1, 1)));
    ok(b.apply(place('sell', 104, 1, 1)));
    ok(b.apply(place('sell', 106, 1, 1)));
    const r = ok(b.apply(place('buy', 105, 5, 2, 'market')));
    expect(r.fills.map((f) => f.price)).toEqual([100, 104]);
    expect(r.order).toMatchObject({
      kind: 'market',
      status: 'cancelled',
      cancelReason: 'market',
      filled: 2,
      remaining: 3,
    });
    expect(b.depth()).toEqual({ bids: [], asks: [[106, 1]] });
    // On an empty side, nothing fills and nothing rests.
    const none = ok(b.apply(place('sell', 1, 2, 3, 'market')));
    expect(none.order).toMatchObject({ status: 'cancelled', cancelReason: 'market', filled: 0, remaining: 2 });
    expect(none.depth).toEqual([]);
    expect(b.bestBid()).toBeUndefined();
  });

  it('[MATCH-4] a market order that fills completely is filled', () => {
    const b = book();
    ok(b.apply(place('buy', 100, 5, 1)));
    const r = ok(b.apply(place('sell', 95, 5, 2, 'market')));
    expect(r.order).toMatchObject({ status: 'filled', remaining: 0 });
    expect(r.order.cancelReason).toBeUndefined();
  });

  it('[MATCH-5] meeting its own resting order cancels the incoming rest; earlier fills stand, the own order is untouched', () => {
    const b = book();
    const other = place('sell', 100, 2, 1);
    const own = place('sell', 101, 4, 2);
    const behind = place('sell', 102, 4, 1);
    for (const x of [other, own, behind]) ok(b.apply(x));
    const r = ok(b.apply(place('buy', 102, 5, 2)));
    expect(r.fills.map((f) => f.makerOrderId)).toEqual([other.id]);
    expect(r.order).toMatchObject({ status: 'cancelled', cancelReason: 'selfTrade', filled: 2, remaining: 3 });
    expect(b.order(own.id)).toMatchObject({ status: 'open', remaining: 4 });
    expect(b.depth().asks).toEqual([
      [101, 4],
      [102, 4],
    ]);
    expect(b.depth().bids).toEqual([]);
  });

  it('[MATCH-5] another owner ahead in the queue trades before the own order stops the taker', () => {
    const b = book();
    const first = place('buy', 100, 1, 1);
    const own = place('buy', 100, 1, 2);
    ok(b.apply(first));
    ok(b.apply(own));
    const r = ok(b.apply(place('sell', 100, 3, 2)));
    expect(r.fills.map((f) => f.makerOrderId)).toEqual([first.id]);
    expect(r.order).toMatchObject({ cancelReason: 'selfTrade', filled: 1, remaining: 2 });
    expect(r.depth).toEqual([{ side: 'buy', price: 100, total: 1 }]);
  });

  it('[MATCH-6] a cancel removes the order at once and reports what was filled and left', () => {
    const b = book();
    const a = place('buy', 100, 5, 1);
    const c = place('buy', 100, 2, 1);
    ok(b.apply(a));
    ok(b.apply(c));
    ok(b.apply(place('sell', 100, 3, 2)));
    const r = ok(b.apply({ type: 'cancel', id: a.id, time: T }));
    expect(r.order).toMatchObject({ status: 'cancelled', cancelReason: 'user', filled: 3, remaining: 2 });
    expect(r.depth).toEqual([{ side: 'buy', price: 100, total: 2 }]);
    expect(b.order(a.id)).toBeUndefined();
    const last = ok(b.apply({ type: 'cancel', id: c.id, time: T }));
    expect(last.depth).toEqual([{ side: 'buy', price: 100, total: 0 }]);
    expect(b.depth()).toEqual({ bids: [], asks: [] });
  });

  it('[MATCH-6] cancelling an order that is not resting is refused and changes nothing', () => {
    const b = book();
    const a = place('sell', 100, 1, 1);
    ok(b.apply(a));
    ok(b.apply(place('buy', 100, 1, 2)));
    expect(b.apply({ type: 'cancel', id: a.id, time: T })).toEqual({
      ok: false,
      error: `Order ${a.id} is not open in this book`,
    });
    expect(b.apply({ type: 'cancel', id: 999, time: T })).toMatchObject({ ok: false });
  });

  it('[MATCH-7] malformed commands are refused naming the field, and change nothing', () => {
    const b = book();
    ok(b.apply(place('buy', 100, 1, 1)));
    const before = JSON.stringify(b.depth());
    const base = { type: 'place', id: 50, owner: 1, side: 'sell', kind: 'limit', price: 100, quantity: 1, time: T };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, quantity: 0 }, /^Quantity must be a positive whole number of lots, got 0$/],
      [{ ...base, quantity: 0.5 }, /^Quantity .* got 0\.5$/],
      [{ ...base, price: -3 }, /^Price must be a positive whole number of ticks, got -3$/],
      [{ ...base, kind: 'market', price: 0 }, /^Protection limit must be/],
      [{ ...base, price: 2 ** 60 }, /^Price must be/],
      [{ ...base, side: 'up' }, /^Side must be buy or sell, got "up"$/],
      [{ ...base, kind: 'stop' }, /^Order type must be limit or market, got "stop"$/],
      [{ ...base, id: 0 }, /^Order id must be a positive safe integer, got 0$/],
      [{ ...base, owner: 'x' }, /^Owner must be a safe integer, got x$/],
      [{ ...base, time: Number.NaN }, /^Time must be a finite number, got NaN$/],
      [{ ...base, type: 'amend' }, /^Unknown command type "amend"$/],
      [{ ...base, id: 1 }, /^Order id 1 is not above the last accepted id 1 \(ids must increase\)$/],
    ];
    for (const [command, message] of cases) {
      const r = b.apply(command as unknown as Command);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
    expect(JSON.stringify(b.depth())).toBe(before);
    // A refused id is not consumed: the next valid order with a higher id still goes in.
    expect(ok(b.apply({ ...base, id: 50, owner: 2 } as Command)).fills).toHaveLength(1);
  });
});
