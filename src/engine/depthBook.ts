/**
 * The ungrouped order book of one symbol (BOOK-1, BOOK-2): two sides keyed by exact price.
 *
 * Prices are integers in units of 10^-priceScale (read digit by digit with decimalParse, never through a
 * float), kept best first in sorted arrays (bids high to low, asks low to high) with each level's amount.
 * Amounts stay the exact decimal strings of the wire, with their digits read once as an integer and a
 * number of decimals, so the view sums them as integers (depthView.ts) and no amount is ever rounded. The price scale is the largest
 * number of decimals seen; a finer price rescales the book first (rare: a pair's prices have its precision).
 *
 * A frame's levels are checked and converted before any is applied, so a bad frame changes nothing.
 */
import type { DepthLevel } from '../shared/protocol';
import { parseDecimal, parsed } from './decimalParse';
import { POW10 } from './klineColumns';

/** Decimals of a decimal string ("12.3400" -> 4). */
export function scaleOf(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** True when every digit is 0 ("0", "0.000"): the level is gone. */
export function isZeroDecimal(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 48 && c !== 46 && c !== 45) return false;
  }
  return true;
}

/**
 * One side of the book, best first, as parallel arrays (no Map: the view walks them in order): the price in
 * units, and the amount as its exact string with its digits read once (an integer and a number of decimals;
 * NaN digits when there are more than 15, then the view sums the strings as bigint).
 */
export class BookSide {
  /** Prices in units, best first. */
  readonly prices: number[] = [];
  /** The amount of each level: its digits as an integer (NaN past 15 digits), its decimals, its string. */
  readonly digits: number[] = [];
  readonly scales: number[] = [];
  readonly amounts: string[] = [];

  /** `desc`: bids (highest first); otherwise asks (lowest first). */
  constructor(readonly desc: boolean) {}

  get size(): number {
    return this.prices.length;
  }

  /** Index of `p` in `prices`, or where it would go. */
  private find(p: number): number {
    const a = this.prices;
    let lo = 0;
    let hi = a.length;
    if (this.desc) {
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (a[mid] > p) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (a[mid] < p) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }

  /** The amount at price `p`, or undefined. */
  amountAt(p: number): string | undefined {
    const i = this.find(p);
    return this.prices[i] === p ? this.amounts[i] : undefined;
  }

  /** Sets the level at `p` to `amount` (an exact non-negative decimal string); null removes it. */
  set(p: number, amount: string | null): void {
    const i = this.find(p);
    const here = this.prices[i] === p;
    if (amount === null) {
      if (!here) return;
      this.prices.splice(i, 1);
      this.digits.splice(i, 1);
      this.scales.splice(i, 1);
      this.amounts.splice(i, 1);
      return;
    }
    parseDecimal(amount);
    if (here) {
      this.digits[i] = parsed.digits;
      this.scales[i] = parsed.scale;
      this.amounts[i] = amount;
      return;
    }
    this.prices.splice(i, 0, p);
    this.digits.splice(i, 0, parsed.digits);
    this.scales.splice(i, 0, parsed.scale);
    this.amounts.splice(i, 0, amount);
  }

  clear(): void {
    this.prices.length = 0;
    this.digits.length = 0;
    this.scales.length = 0;
    this.amounts.length = 0;
  }

  /** Multiplies every price by `f` (the book's scale grew; the caller checked that each stays safe). */
  rescale(f: number): void {
    const a = this.prices;
    for (let i = 0; i < a.length; i++) a[i] *= f;
  }
}

/** Scratch of a frame being applied: prices in units of the book's scale, amounts (null: remove). */
interface Scratch {
  digits: number[];
  scales: number[];
  units: number[];
}

export class Book {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  /** Decimals of the price units. */
  priceScale = 0;
  /** The largest number of decimals of any amount seen (the view sums at this scale). */
  amountScale = 0;
  private readonly scratch: Scratch = { digits: [], scales: [], units: [] };
  /** Why the last apply refused its frame. */
  problem = '';

  /**
   * Applies levels to both sides (`replace`: a snapshot, the sides are cleared first). All-or-nothing: false
   * (the book unchanged, `problem` set) when a level is not a book level: a price that is not positive or has
   * more than 15 significant digits at the book's scale, or a negative amount.
   */
  apply(bids: readonly DepthLevel[], asks: readonly DepthLevel[], replace: boolean): boolean {
    const sc = this.scratch;
    const n = bids.length + asks.length;
    let maxScale = this.priceScale;
    let amountScale = this.amountScale;
    for (let i = 0; i < n; i++) {
      const lv = i < bids.length ? bids[i] : asks[i - bids.length];
      const price = lv[0];
      const amount = lv[1];
      if (price.charCodeAt(0) === 45) return this.refuse(`negative price ${price}`);
      if (amount.charCodeAt(0) === 45) return this.refuse(`negative amount ${amount} at ${price}`);
      parseDecimal(price);
      if (Number.isNaN(parsed.digits) || parsed.digits <= 0) {
        return this.refuse(`price ${price} is not a positive price of at most 15 digits`);
      }
      sc.digits[i] = parsed.digits;
      sc.scales[i] = parsed.scale;
      if (parsed.scale > maxScale) maxScale = parsed.scale;
      const as = scaleOf(amount);
      if (as > amountScale) amountScale = as;
    }
    if (maxScale > 22) return this.refuse(`a price has more than 22 decimals`);
    for (let i = 0; i < n; i++) {
      const u = sc.digits[i] * POW10[maxScale - sc.scales[i]];
      if (!Number.isSafeInteger(u))
        return this.refuse(`price ${(i < bids.length ? bids[i] : asks[i - bids.length])[0]} has too many digits`);
      sc.units[i] = u;
    }
    if (maxScale > this.priceScale && !replace) {
      const f = POW10[maxScale - this.priceScale];
      // Check both sides before changing either.
      const ok = [this.bids, this.asks].every((s) => s.prices.every((p) => Number.isSafeInteger(p * f)));
      if (!ok) return this.refuse('the book cannot take a finer price without losing digits');
      this.bids.rescale(f);
      this.asks.rescale(f);
    }
    if (replace) {
      this.bids.clear();
      this.asks.clear();
    }
    this.priceScale = maxScale;
    this.amountScale = amountScale;
    for (let i = 0; i < n; i++) {
      const isBid = i < bids.length;
      const amount = isBid ? bids[i][1] : asks[i - bids.length][1];
      (isBid ? this.bids : this.asks).set(sc.units[i], isZeroDecimal(amount) ? null : amount);
    }
    this.problem = '';
    return true;
  }

  /** Price units of the frame's i-th level from the last successful apply (bids first, then asks). */
  unitsAt(i: number): number {
    return this.scratch.units[i];
  }

  clear(): void {
    this.bids.clear();
    this.asks.clear();
  }

  private refuse(problem: string): false {
    this.problem = problem;
    return false;
  }
}
