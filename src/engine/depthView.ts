/**
 * One grouped view of a book (BOOK-3): levels grouped by the pair's tick x group (asks rounded UP to their
 * group, bids DOWN, so a group never shows a better price than its orders), at most DEPTH_ROWS_MAX groups a
 * side, best first, each with its amount and the cumulative total from the best price; the spread of the
 * ungrouped book; the largest cumulative total for the depth bars.
 *
 * Exact throughout: prices are integers (the book's units), group boundaries are found with integer
 * remainders, amounts are summed as integers (bigint past 2^53), and strings are written digit by digit.
 *
 * The builder also reports, per side, the worst visible group price ("limit"): a later change of a level
 * beyond it cannot change what the view shows (BOOK-4), so the engine does not even mark the view dirty.
 */
import { DEPTH_ROWS_MAX } from './constants';
import type { Book, BookSide } from './depthBook';
import { POW10 } from './klineColumns';
import type { DepthTopic } from './types';
import type { DepthRowView, DepthView } from './views';

const ZEROS = '0000000000000000000000000000000000000000';
function zeros(n: number): string {
  return n <= ZEROS.length ? ZEROS.slice(0, n) : ZEROS + zeros(n - ZEROS.length);
}

/** Exact decimal string (validated, non-negative) as bigint units of 10^-scale (scale >= its decimals). */
export function toUnits(s: string, scale: number): bigint {
  const dot = s.indexOf('.');
  if (dot < 0) return BigInt(s + zeros(scale));
  return BigInt(s.slice(0, dot) + s.slice(dot + 1) + zeros(scale - (s.length - dot - 1)));
}

/**
 * Integer units of 10^-scale as a decimal string with at least `minDecimals` decimals and every nonzero digit:
 * (123450, 4, 2) -> "12.345", (120000, 4, 2) -> "12.00", (5, 0, 2) -> "5.00".
 */
export function unitsToDecimal(u: bigint | number, scale: number, minDecimals: number): string {
  let s = u.toString();
  let sign = '';
  if (s.charCodeAt(0) === 45) {
    sign = '-';
    s = s.slice(1);
  }
  if (scale === 0) return sign + (minDecimals > 0 ? s + '.' + zeros(minDecimals) : s);
  if (s.length <= scale) s = zeros(scale + 1 - s.length) + s;
  const int = s.slice(0, s.length - scale);
  let frac = s.slice(s.length - scale);
  let end = frac.length;
  while (end > minDecimals && frac.charCodeAt(end - 1) === 48) end--;
  frac = end < frac.length ? frac.slice(0, end) : frac;
  if (frac.length < minDecimals) frac += zeros(minDecimals - frac.length);
  return sign + (frac.length > 0 ? int + '.' + frac : int);
}

/** The grouping step as a price: (2, 10) -> "0.1", (0, 1000) -> "1000" (selector labels). */
export function groupStep(pricePrecision: number, group: number): string {
  return unitsToDecimal(BigInt(group), pricePrecision, 0);
}

/** What the engine keeps of a built view to tell whether a change can alter it. */
export interface ViewLimits {
  /** The book's price scale when built (a rescale makes the limits void). */
  scale: number;
  /** A change of an ask at or below this (book units) may show; Infinity while the side shows every level. */
  askLimit: number;
  /** A change of a bid at or above this; -Infinity while the side shows every level. */
  bidLimit: number;
}

interface SideGroups {
  prices: number[];
  /** Group amounts in units of 10^-amountScale: numbers while every sum is a safe integer, else bigint. */
  amounts: number[];
  big: bigint[] | null;
  /** True when levels beyond the last group exist (the side is cut at DEPTH_ROWS_MAX). */
  cut: boolean;
}

/**
 * Groups one side. Amounts are summed as integers in number while they stay safe (the usual case: cheap);
 * a level with more than 15 digits at the amount scale or a sum beyond 2^53 switches the side to bigint.
 */
function groupSide(side: BookSide, step: number, amountScale: number, out: SideGroups): void {
  const ask = !side.desc;
  const prices = side.prices;
  const digits = side.digits;
  const scales = side.scales;
  out.prices.length = 0;
  out.amounts.length = 0;
  out.big = null;
  out.cut = false;
  let g = NaN;
  let k = -1;
  let sum = 0;
  let safe = true;
  let n = 0;
  for (let i = 0; i < prices.length; i++) {
    const p = prices[i];
    // Still in the current group (sorted prices): no remainder to take.
    if (ask ? p <= g && p > g - step : p >= g && p < g + step) {
      n = i + 1;
      const u = digits[i] * POW10[amountScale - scales[i]];
      sum += u;
      out.amounts[k] += u;
      if (!(sum <= Number.MAX_SAFE_INTEGER)) safe = false;
      continue;
    }
    const r = step === 1 ? 0 : p % step;
    const gp = r === 0 ? p : ask ? p - r + step : p - r;
    if (gp !== g) {
      if (k + 1 === DEPTH_ROWS_MAX) {
        out.cut = true;
        break;
      }
      g = gp;
      k++;
      out.prices.push(gp);
      out.amounts.push(0);
    }
    n = i + 1;
    const u = digits[i] * POW10[amountScale - scales[i]];
    sum += u;
    out.amounts[k] += u;
    if (!(sum <= Number.MAX_SAFE_INTEGER)) safe = false; // also false for NaN (more than 15 digits)
  }
  if (safe) return;
  // Exact for any size: the same groups again, summed as bigint.
  const big: bigint[] = out.prices.map(() => 0n);
  k = -1;
  g = NaN;
  for (let i = 0; i < n; i++) {
    const p = prices[i];
    const r = p % step;
    const gp = r === 0 ? p : ask ? p - r + step : p - r;
    if (gp !== g) {
      g = gp;
      k++;
    }
    big[k] += toUnits(side.amounts[i], amountScale);
  }
  out.big = big;
}

const scratchAsks: SideGroups = { prices: [], amounts: [], big: null, cut: false };
const scratchBids: SideGroups = { prices: [], amounts: [], big: null, cut: false };

interface SideRows {
  rows: DepthRowView[];
  /** Cumulative totals as numbers (for the bars only). */
  totals: number[];
  /** The last cumulative total, exact. */
  last: bigint;
}

function rows(
  g: SideGroups,
  priceScale: number,
  topic: DepthTopic,
  amountScale: number,
  prices: PriceStrings,
): SideRows {
  const out: DepthRowView[] = [];
  const totals: number[] = [];
  const ap = topic.amountPrecision;
  const big = g.big;
  let total = 0;
  let bigTotal = 0n;
  for (let i = 0; i < g.prices.length; i++) {
    let amount: string;
    let shown: string;
    if (big) {
      bigTotal += big[i];
      totals.push(Number(bigTotal));
      amount = unitsToDecimal(big[i], amountScale, ap);
      shown = unitsToDecimal(bigTotal, amountScale, ap);
    } else {
      total += g.amounts[i];
      totals.push(total);
      amount = unitsToDecimal(g.amounts[i], amountScale, ap);
      shown = unitsToDecimal(total, amountScale, ap);
    }
    out.push({ price: prices.get(g.prices[i], priceScale, topic.pricePrecision), amount, total: shown, fill: 0 });
  }
  return { rows: out, totals, last: big ? bigTotal : BigInt(total) };
}

/** Group price strings of one view, made once each (the same prices come back frame after frame). */
export class PriceStrings {
  private scale = -1;
  private readonly map = new Map<number, string>();

  get(units: number, scale: number, decimals: number): string {
    if (scale !== this.scale || this.map.size > 4 * DEPTH_ROWS_MAX) {
      this.map.clear();
      this.scale = scale;
    }
    let s = this.map.get(units);
    if (s === undefined) this.map.set(units, (s = unitsToDecimal(units, scale, decimals)));
    return s;
  }
}

function sameRows(a: readonly DepthRowView[], b: readonly DepthRowView[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.price !== y.price || x.amount !== y.amount || x.total !== y.total) return false;
  }
  return true;
}

export interface BookStatus {
  status: DepthView['status'];
  error: string | null;
  seq: number;
}

/**
 * Builds the view of `topic` over `book`. Returns `prev` itself when nothing it shows changed (same rows,
 * spread and status), otherwise a new view with `version`.
 */
export function buildDepthView(
  book: Book,
  topic: DepthTopic,
  st: BookStatus,
  prev: DepthView | undefined,
  nextVersion: () => number,
  prices: PriceStrings = new PriceStrings(),
): { view: DepthView; limits: ViewLimits } {
  const ps = book.priceScale;
  const pp = topic.pricePrecision;
  // The group size in book units. A book coarser than the tick (its prices have fewer decimals) holds only
  // prices on the tick, so a group smaller than its unit leaves every level alone: step 1.
  const step = ps >= pp ? topic.group * POW10[ps - pp] : Math.max(1, topic.group / POW10[pp - ps]);
  const as = book.amountScale;
  groupSide(book.asks, step, as, scratchAsks);
  groupSide(book.bids, step, as, scratchBids);
  const limits: ViewLimits = {
    scale: ps,
    askLimit: scratchAsks.cut ? scratchAsks.prices[scratchAsks.prices.length - 1] : Infinity,
    bidLimit: scratchBids.cut ? scratchBids.prices[scratchBids.prices.length - 1] : -Infinity,
  };
  const a = rows(scratchAsks, ps, topic, as, prices);
  const b = rows(scratchBids, ps, topic, as, prices);
  const max = a.last > b.last ? a.last : b.last;
  const maxTotal = unitsToDecimal(max, as, topic.amountPrecision);
  const bestAsk = book.asks.prices[0];
  const bestBid = book.bids.prices[0];
  const spread = bestAsk === undefined || bestBid === undefined ? null : unitsToDecimal(bestAsk - bestBid, ps, pp);
  if (
    prev &&
    prev.status === st.status &&
    prev.error === st.error &&
    prev.spread === spread &&
    prev.maxTotal === maxTotal &&
    sameRows(prev.asks, a.rows) &&
    sameRows(prev.bids, b.rows)
  ) {
    // The seq may move without anything visible changing: the view keeps its identity and version.
    return { view: prev, limits };
  }
  const maxN = Number(max);
  for (let i = 0; i < a.rows.length; i++) a.rows[i].fill = maxN > 0 ? a.totals[i] / maxN : 0;
  for (let i = 0; i < b.rows.length; i++) b.rows[i].fill = maxN > 0 ? b.totals[i] / maxN : 0;
  return {
    view: {
      symbol: topic.symbol,
      pricePrecision: pp,
      amountPrecision: topic.amountPrecision,
      group: topic.group,
      version: nextVersion(),
      status: st.status,
      error: st.error,
      asks: a.rows,
      bids: b.rows,
      spread,
      maxTotal,
      seq: st.seq,
    },
    limits,
  };
}
