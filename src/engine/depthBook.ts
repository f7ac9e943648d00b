/**
 * The ungrouped order book of one symbol (BOOK-1, BOOK-2): two sides keyed by exact price.
 *
 * Prices are integers in units of 10^-priceScale (read digit by digit with decimalParse, never through a
 * float), kept best first in a sorted array (bids high to low, asks low to high) beside a Map from price to
 * the level's amount. Amounts stay the exact decimal strings of the wire: the hot path only stores them, and
 * the view sums them as bigint (depthView.ts), so no amount is ever rounded. The price scale is the largest
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

/** One side of the book, best first. */
export class BookSide {
  /** Prices in units, best first. */
  prices: number[] = [];
  /** Amount (exact decimal string) by price. */
  readonly amounts = new Map<number, string>();

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

  /** Sets the level at `p` to `amount`; null removes it. */
  set(p: number, amount: string | null): void {
    const m = this.amounts;
    if (amount === null) {
      if (!m.delete(p)) return;
      this.prices.splice(this.find(p), 1);
      return;
    }
    if (!m.has(p)) this.prices.splice(this.find(p), 0, p);
    m.set(p, amount);
  }

  clear(): void {
    this.prices = [];
    this.amounts.clear();
  }

  /** Multiplies every price by `f` (the book's scale grew); false, changing nothing, if one would overflow. */
  rescale(f: number): boolean {
    const a = this.prices;
    for (let i = 0; i < a.length; i++) if (!Number.isSafeInteger(a[i] * f)) return false;
    const entries = a.map((p) => [p * f, this.amounts.get(p)!] as const);
    this.amounts.clear();
    for (const [p, amt] of entries) this.amounts.set(p, amt);
    this.prices = entries.map((e) => e[0]);
    return true;
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
