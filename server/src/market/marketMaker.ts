/**
 * The simulator's market maker of one symbol (SIM-9, SIM-10): it quotes a ladder of limit orders around the price
 * model and re-quotes it before every simulated taker, changing only the levels that moved.
 *
 * The ladder of a side is a top level at the model price (the side the next taker will hit sits exactly there,
 * the other side one tick away, so the tape prints the model's price) and 15 levels on a fixed price grid
 * beyond it: 5 one grid step apart, then 4 two steps apart, 3 five steps apart and 3 ten steps apart. The grid is
 * absolute (multiples of the step), so a model move of less than a step changes the top and at most a level or
 * two per tier: the depth deltas stay small. The step is about 1 basis point of the listed price rounded to a
 * 1-2-5 number of ticks (BTC at 67,250.50: 5.00 USDT), at least one tick. Sizes grow outward (+25 % of the top's
 * size per level) with +-40 % seeded randomness; a level keeps its order (and its size) while its price stays in
 * the ladder, the top is refilled before every taker, and a deeper level is replaced once it is below half its
 * size. Stale quotes are cancelled before new ones are placed, so the maker never crosses itself.
 *
 * Pure: it calls the venue it is given (the symbol's book, books.ts) and draws sizes from its own seeded stream.
 */
import type { OrderState, Side } from '../matching/types';
import { NOTIONAL_MEDIAN, qtyFor } from './model';
import type { Rng } from './rng';

/** The makers' owner in every book; the simulated takers' is TAKER_OWNER. Never a user id (users are > 0). */
export const MAKER_OWNER = -1;
export const TAKER_OWNER = -2;

/** Grid tiers beyond the top: [distance between levels in grid steps, levels]. 15 levels, plus the top: 16 a side. */
export const LADDER_TIERS: readonly (readonly [number, number])[] = [
  [1, 5],
  [2, 4],
  [5, 3],
  [10, 3],
];
/** The grid step: this fraction of the listed price (1 basis point), rounded to 1, 2 or 5 x 10^k ticks. */
export const GRID_FRACTION = 1e-4;
/** The top level's mean size in quote units: 20 median trades, so a taker rarely walks past it. */
export const TOP_NOTIONAL = NOTIONAL_MEDIAN * 20;
/** Each level further out is this much of the top's size bigger. */
export const SIZE_GROWTH_PER_LEVEL = 0.25;
/** Sizes are drawn uniformly within +-this share of their mean. */
export const SIZE_JITTER = 0.4;
/** A level below this share of the size it was placed with is replaced (the top is refilled whenever it is short). */
export const REFILL_BELOW = 0.5;

/** The grid step in ticks for a price (ticks): about GRID_FRACTION of it, a 1-2-5 number, at least 1. */
export function gridStep(priceTicks: number): number {
  const raw = priceTicks * GRID_FRACTION;
  if (raw < 1) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/** The grid levels beyond `top` (ticks) on one side, nearest first: asks above it, bids below it (never < 1). */
export function gridLevels(side: Side, top: number, step: number): number[] {
  const out: number[] = [];
  let last = top;
  for (const [k, count] of LADDER_TIERS) {
    const s = k * step;
    for (let i = 0; i < count; i++) {
      const p = side === 'sell' ? (Math.floor(last / s) + 1) * s : (Math.ceil(last / s) - 1) * s;
      if (p < 1) return out;
      out.push(p);
      last = p;
    }
  }
  return out;
}

/** What the maker places and cancels through: the symbol's book (books.ts). */
export interface MakerVenue {
  /** Places a limit order of the maker; returns its id and state after matching. */
  placeLimit(owner: number, side: Side, price: number, quantity: number): OrderState | undefined;
  cancel(id: number): void;
}

interface Quote {
  id: number;
  side: Side;
  price: number;
  /** The size it was placed with, and what is left (lots). */
  size: number;
  remaining: number;
}

export class MarketMaker {
  /** One quote per price and side. */
  private readonly bids = new Map<number, Quote>();
  private readonly asks = new Map<number, Quote>();
  private readonly byId = new Map<number, Quote>();
  readonly step: number;
  /** Reused target lists (prices, nearest first). */
  private targetBids: number[] = [];
  private targetAsks: number[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly venue: MakerVenue,
    listedPriceTicks: number,
    private readonly priceScale: number,
    private readonly qtyScale: number,
  ) {
    this.step = gridStep(listedPriceTicks);
  }

  /** The number of quotes resting (for tests). */
  get quotes(): number {
    return this.byId.size;
  }

  /** Tells the maker the state of one of its orders after a command (a fill by anyone, or its own placement). */
  update(state: OrderState): void {
    const q = this.byId.get(state.id);
    if (!q) return;
    q.remaining = state.remaining;
    if (state.status === 'filled' || state.status === 'cancelled') this.forget(q);
  }

  private forget(q: Quote): void {
    this.byId.delete(q.id);
    const m = q.side === 'buy' ? this.bids : this.asks;
    if (m.get(q.price) === q) m.delete(q.price);
  }

  private sizeFor(level: number, price: number): number {
    const mean = TOP_NOTIONAL * (1 + SIZE_GROWTH_PER_LEVEL * level);
    const notional = mean * (1 + SIZE_JITTER * (2 * this.rng.next() - 1));
    return qtyFor(notional, price, this.priceScale, this.qtyScale);
  }

  /**
   * Re-quotes both ladders around the model price `price` (ticks), the top of `next`'s opposite side at the price
   * itself (where the coming taker of side `next` trades) and the other top one tick away.
   */
  quote(price: number, next: Side): void {
    const askTop = next === 'buy' ? price : price + 1;
    const bidTop = next === 'sell' ? price : price - 1;
    const asks = this.targetAsks;
    const bids = this.targetBids;
    asks.length = 0;
    bids.length = 0;
    asks.push(askTop, ...gridLevels('sell', askTop, this.step));
    if (bidTop >= 1) bids.push(bidTop, ...gridLevels('buy', bidTop, this.step));
    // 1. Cancel what left the ladder first: what stays is inside it, so nothing placed below can cross the maker.
    this.cancelOutside(this.asks, asks);
    this.cancelOutside(this.bids, bids);
    // 2. Place what is missing, refill the top, replace deep levels that ran low. Asks first, then bids.
    this.fill('sell', this.asks, asks);
    this.fill('buy', this.bids, bids);
  }

  private cancelOutside(quotes: Map<number, Quote>, target: number[]): void {
    if (quotes.size === 0) return;
    const first = target[0];
    const last = target[target.length - 1];
    for (const q of quotes.values()) {
      // Targets are few (16): a linear scan is cheaper than building a set.
      let keep = false;
      if (
        target.length > 0 &&
        (q.side === 'sell' ? q.price >= first && q.price <= last : q.price <= first && q.price >= last)
      ) {
        for (let i = 0; i < target.length; i++) {
          if (target[i] === q.price) {
            keep = true;
            break;
          }
        }
      }
      if (!keep) this.cancelQuote(q);
    }
  }

  private cancelQuote(q: Quote): void {
    this.forget(q);
    this.venue.cancel(q.id);
  }

  private fill(side: Side, quotes: Map<number, Quote>, target: number[]): void {
    for (let i = 0; i < target.length; i++) {
      const price = target[i];
      const q = quotes.get(price);
      if (q) {
        const short = i === 0 ? q.remaining < q.size : q.remaining < q.size * REFILL_BELOW;
        if (!short) continue;
        this.cancelQuote(q);
      }
      const size = this.sizeFor(i, price);
      const state = this.venue.placeLimit(MAKER_OWNER, side, price, size);
      if (state && state.remaining > 0 && state.status !== 'cancelled') {
        const nq: Quote = { id: state.id, side, price, size, remaining: state.remaining };
        quotes.set(price, nq);
        this.byId.set(nq.id, nq);
      }
    }
  }
}
