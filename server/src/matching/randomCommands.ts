/**
 * Seeded command streams for the differential test and the benchmark (MATCH-11): a mid price that walks,
 * limit orders around it (most near the touch, some crossing), market orders with a protection limit 5 % from
 * the mid, cancels of orders placed earlier, a few owners so that self-trades happen. With `invalid > 0`, that
 * share of the commands is malformed or refers to orders that are gone, so refusals are compared too.
 */
import { createRng } from '../market/rng';
import type { Command, Side } from './types';

export interface StreamOptions {
  seed: number;
  /** Share of bad commands (0..1). */
  invalid?: number;
  /** Distinct owners (self-trades happen when an owner meets its own resting order). */
  owners?: number;
  /** Starting mid in ticks. */
  mid?: number;
  /** Is this order still resting? Lets cancels aim at open orders (refused cancels still come with `invalid`). */
  isOpen?: (id: number) => boolean;
}

export interface CommandStream {
  next(): Command;
}

export function commandStream(o: StreamOptions): CommandStream {
  const rng = createRng(o.seed, 'matching');
  const owners = o.owners ?? 8;
  const invalid = o.invalid ?? 0;
  let mid = o.mid ?? 10_000;
  let id = 0;
  let time = 1_700_000_000_000;
  const placed: number[] = [];
  const int = (n: number): number => Math.floor(rng.next() * n);

  const pickPlaced = (): number | undefined => {
    for (let tries = 0; tries < 4 && placed.length > 0; tries++) {
      const i = int(placed.length);
      const pick = placed[i];
      placed[i] = placed[placed.length - 1];
      placed.pop();
      if (!o.isOpen || o.isOpen(pick)) return pick;
    }
    return undefined;
  };

  const bad = (): Command => {
    const which = int(6);
    const side: Side = rng.next() < 0.5 ? 'buy' : 'sell';
    const base = { type: 'place' as const, owner: 1, side, kind: 'limit' as const, price: mid, quantity: 1, time };
    switch (which) {
      case 0:
        return { ...base, id: ++id, quantity: 0 };
      case 1:
        return { ...base, id: ++id, price: -int(5) };
      case 2:
        return { ...base, id: ++id, quantity: 1.5 };
      case 3:
        return { ...base, id: Math.max(1, id - int(10)) }; // an id already used
      case 4:
        return { type: 'cancel', id: id + 1000 + int(1000), time }; // never placed
      default:
        return { type: 'cancel', id: 1 + int(Math.max(1, id)), time }; // maybe long gone
    }
  };

  return {
    next(): Command {
      time += int(50);
      if (rng.next() < 0.02) mid = Math.max(100, mid + (rng.next() < 0.5 ? -1 : 1) * (1 + int(3)));
      if (invalid > 0 && rng.next() < invalid) return bad();
      const r = rng.next();
      if (r < 0.4) {
        const target = pickPlaced();
        if (target !== undefined) return { type: 'cancel', id: target, time };
      }
      const side: Side = rng.next() < 0.5 ? 'buy' : 'sell';
      const sign = side === 'buy' ? 1 : -1;
      const owner = 1 + int(owners);
      const quantity = 1 + Math.floor(rng.exp() * 20);
      if (r > 0.9) {
        // Market order, protection limit 5 % beyond the mid.
        const price = Math.max(1, mid + sign * Math.ceil(mid * 0.05));
        return { type: 'place', id: ++id, owner, side, kind: 'market', price, quantity, time };
      }
      // Limit: mostly behind the touch (passive), sometimes through it (aggressive).
      const offset = Math.floor(rng.exp() * 6) - (rng.next() < 0.15 ? 4 : -1);
      const price = Math.max(1, mid - sign * offset);
      placed.push(++id);
      return { type: 'place', id, owner, side, kind: 'limit', price, quantity, time };
    },
  };
}
