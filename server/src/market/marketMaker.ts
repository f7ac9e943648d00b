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
import type { Rng, RngState } from './rng';

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

/** The grid step in ticks for a price (ticks): GRID_FRACTION of it rounded to a 1-2-5 number, at least 1. */
export function gridStep(priceTicks: number): number {
  const raw = priceTicks * GRID_FRACTION;
  if (raw < 1) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  // The nearest of 1, 2, 5, 10 on a log scale (the geometric midpoints are about 1.41, 3.16 and 7.07).
  return (m < 1.41 ? 1 : m < 3.16 ? 2 : m < 7.07 ? 5 : 10) * p;
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

const NO_LEVELS: number[] = [];

interface Quote {
  id: number;
  side: Side;
  price: number;
  /** The size it was placed with, and what is left (lots). */
  size: number;
  remaining: number;
}

/** NaN survives JSON as null (CORE-4 snapshots hold the tops, which are NaN before the first quote). */
const num = (n: number): number | null => (Number.isNaN(n) ? null : n);
const nan = (n: number | null): number => (n === null ? NaN : n);

/** The maker's whole state (CORE-4): its quotes [id, side, price, size, remaining], grids, tops and generator. */
export interface MakerState {
  quotes: [number, Side, number, number, number][];
  askGrid: number[];
  askBucket: number | null;
  bidGrid: number[];
  bidBucket: number | null;
  askTop: number | null;
  bidTop: number | null;
  askGridDirty: boolean;
  bidGridDirty: boolean;
  rng: RngState;
}

export class MarketMaker {
  /** One quote per price and side. */
  private readonly bids = new Map<number, Quote>();
  private readonly asks = new Map<number, Quote>();
  private readonly byId = new Map<number, Quote>();
  readonly step: number;
  /** The grid beyond each side's top, kept while the top stays within one grid step (most model moves). */
  private askGrid: number[] = [];
  private askBucket = NaN;
  private bidGrid: number[] = [];
  private bidBucket = NaN;
  /** The tops of the last quote (NaN: none), and whether a grid quote changed since the last full pass. */
  private askTop = NaN;
  private bidTop = NaN;
  private askGridDirty = true;
  private bidGridDirty = true;

  constructor(
    private readonly rng: Rng,
    private readonly venue: MakerVenue,
    listedPriceTicks: number,
    private readonly priceScale: number,
    private readonly qtyScale: number,
  ) {
    this.step = gridStep(listedPriceTicks);
  }

  save(): MakerState {
    return {
      quotes: [...this.byId.values()]
        .map((q): MakerState['quotes'][number] => [q.id, q.side, q.price, q.size, q.remaining])
        .sort((x, y) => x[0] - y[0]),
      askGrid: this.askGrid.slice(),
      askBucket: num(this.askBucket),
      bidGrid: this.bidGrid.slice(),
      bidBucket: num(this.bidBucket),
      askTop: num(this.askTop),
      bidTop: num(this.bidTop),
      askGridDirty: this.askGridDirty,
      bidGridDirty: this.bidGridDirty,
      rng: this.rng.save(),
    };
  }

  load(s: MakerState): void {
    this.bids.clear();
    this.asks.clear();
    this.byId.clear();
    for (const [id, side, price, size, remaining] of s.quotes) {
      const q: Quote = { id, side, price, size, remaining };
      (side === 'buy' ? this.bids : this.asks).set(price, q);
      this.byId.set(id, q);
    }
    this.askGrid = s.askGrid.slice();
    this.askBucket = nan(s.askBucket);
    this.bidGrid = s.bidGrid.slice();
    this.bidBucket = nan(s.bidBucket);
    this.askTop = nan(s.askTop);
    this.bidTop = nan(s.bidTop);
    this.askGridDirty = s.askGridDirty;
    this.bidGridDirty = s.bidGridDirty;
    this.rng.load(s.rng);
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
    if (q.side === 'sell' ? q.price !== this.askTop : q.price !== this.bidTop) {
      if (q.side === 'sell') this.askGridDirty = true;
      else this.bidGridDirty = true;
    }
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
    const bidTop = next === 'sell' ? price : price - 1 >= 1 ? price - 1 : NaN;
    const g = this.step;
    // A full pass over a side when its grid moved or one of its grid quotes changed; else only its top moved.
    const askBucket = Math.floor(askTop / g);
    const askFull = askBucket !== this.askBucket || this.askGridDirty;
    if (askBucket !== this.askBucket) {
      this.askBucket = askBucket;
      this.askGrid = gridLevels('sell', askTop, g);
    }
    const bidBucket = bidTop >= 1 ? Math.ceil(bidTop / g) : 0;
    const bidFull = bidBucket !== this.bidBucket || this.bidGridDirty;
    if (bidBucket !== this.bidBucket) {
      this.bidBucket = bidBucket;
      this.bidGrid = bidTop >= 1 ? gridLevels('buy', bidTop, g) : [];
    }
    // 1. Cancel what left the ladder first: what stays is inside it, so nothing placed below can cross the maker.
    //    With the grid unchanged, only the old top can have left (it lies in the same grid step as the new one).
    if (askFull) this.cancelOutside(this.asks, askTop, this.askGrid);
    else if (askTop !== this.askTop) this.cancelAt(this.asks, this.askTop);
    if (bidFull) this.cancelOutside(this.bids, bidTop, this.bidGrid);
    else if (bidTop !== this.bidTop) this.cancelAt(this.bids, this.bidTop);
    this.askTop = askTop;
    this.bidTop = bidTop;
    this.askGridDirty = false;
    this.bidGridDirty = false;
    // 2. Place what is missing, refill the top, replace deep levels that ran low. Asks first, then bids.
    this.fill('sell', this.asks, askTop, askFull ? this.askGrid : NO_LEVELS);
    if (bidTop >= 1) this.fill('buy', this.bids, bidTop, bidFull ? this.bidGrid : NO_LEVELS);
  }

  private cancelAt(quotes: Map<number, Quote>, price: number): void {
    const q = quotes.get(price);
    if (q) this.cancelQuote(q);
  }

  private cancelOutside(quotes: Map<number, Quote>, top: number, grid: number[]): void {
    if (quotes.size === 0) return;
    for (const q of quotes.values()) {
      if (q.price === top) continue;
      // The grid is short (15): a linear scan is cheaper than a set.
      let keep = false;
      for (let i = 0; i < grid.length; i++) {
        if (grid[i] === q.price) {
          keep = true;
          break;
        }
      }
      if (!keep) this.cancelQuote(q);
    }
  }

  private cancelQuote(q: Quote): void {
    this.forget(q);
    this.venue.cancel(q.id);
  }

  private fill(side: Side, quotes: Map<number, Quote>, top: number, grid: number[]): void {
    for (let i = -1; i < grid.length; i++) {
      const price = i < 0 ? top : grid[i];
      const q = quotes.get(price);
      if (q) {
        const short = i < 0 ? q.remaining < q.size : q.remaining < q.size * REFILL_BELOW;
        if (!short) continue;
        this.cancelQuote(q);
      }
      const size = this.sizeFor(i + 1, price);
      const state = this.venue.placeLimit(MAKER_OWNER, side, price, size);
      // It crossed a user's order: a grid level may be missing or short, so the next re-quote checks the whole side.
      if (!state || state.remaining < size) {
        if (side === 'sell') this.askGridDirty = true;
        else this.bidGridDirty = true;
      }
      if (state && state.remaining > 0 && state.status !== 'cancelled') {
        const nq: Quote = { id: state.id, side, price, size, remaining: state.remaining };
        quotes.set(price, nq);
        this.byId.set(nq.id, nq);
      }
    }
  }
}
