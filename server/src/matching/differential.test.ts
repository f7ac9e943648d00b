import { describe, expect, it } from 'vitest';
import { OrderBook } from './book';
import { ReferenceBook } from './referenceBook';
import { commandStream } from './randomCommands';
import type { DepthChange, Result } from './types';

const COMMANDS = 100_000;

function canonical(r: Result): string {
  if (!r.ok) return JSON.stringify(r);
  // Depth changes: the same set of levels; the real book lists them in touch order, the reference by diff.
  const depth = [...r.depth].sort((a: DepthChange, b: DepthChange) =>
    a.side === b.side ? a.price - b.price : a.side < b.side ? -1 : 1,
  );
  return JSON.stringify({ ...r, depth });
}

describe('matching: the book against a naive reference', () => {
  it('[MATCH-11] 100,000 seeded commands: fills, order states, refusals and depth agree after every command; never crossed', () => {
    const real = new OrderBook();
    const ref = new ReferenceBook();
    const stream = commandStream({
      seed: 20240601,
      invalid: 0.03,
      owners: 6,
      isOpen: (id) => real.order(id) !== undefined,
    });
    let fills = 0;
    let refusals = 0;
    let selfTrades = 0;
    let maxLevels = 0;
    let sweeps = 0;
    for (let i = 0; i < COMMANDS; i++) {
      const c = stream.next();
      const a = real.apply(c);
      const b = ref.apply(c);
      const ca = canonical(a);
      const cb = canonical(b);
      if (ca !== cb)
        expect({ step: i, command: c, result: JSON.parse(ca) }).toEqual({
          step: i,
          command: c,
          result: JSON.parse(cb),
        });
      const da = JSON.stringify(real.depth());
      const db = JSON.stringify(ref.depth());
      if (da !== db) expect({ step: i, depth: real.depth() }).toEqual({ step: i, depth: ref.depth() });
      const bid = real.bestBid();
      const ask = real.bestAsk();
      if (bid !== undefined && ask !== undefined && bid >= ask) {
        expect.fail(`crossed after step ${i}: bid ${bid} >= ask ${ask}`);
      }
      if (a.ok) {
        fills += a.fills.length;
        if (a.order.cancelReason === 'selfTrade') selfTrades++;
        if (a.fills.length > 1 && a.fills[0].price !== a.fills[a.fills.length - 1].price) sweeps++;
      } else refusals++;
      const d = real.depth();
      maxLevels = Math.max(maxLevels, d.bids.length + d.asks.length);
    }
    // The stream exercised what it claims to.
    expect(fills).toBeGreaterThan(10_000);
    expect(refusals).toBeGreaterThan(2_000);
    expect(selfTrades).toBeGreaterThan(100);
    expect(maxLevels).toBeGreaterThan(20);
    expect(sweeps).toBeGreaterThan(500);
  });
});
