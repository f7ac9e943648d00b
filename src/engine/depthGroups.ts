/**
 * The groupings an order book offers (SIDE-3, SIDE-4): derived from the pair's tick (10^-pricePrecision) and,
 * for the one it opens with, from the price. Pure: the screen asks, the worker groups (depthView.ts).
 */
import { groupStep } from './depthView';
import type { DepthGroup } from './types';

/** The share of the price the opening grouping is about: one basis point. */
const DEFAULT_GROUP_FRACTION = 1e-4;

/**
 * SIDE-3: the grouping a book opens with, in ticks: one basis point of the price, rounded to the nearest 1, 2 or
 * 5 x 10^k ticks, at least one tick (BTC at 67,250.37 with a 0.01 tick: 500 ticks, a step of 5). Without a price
 * yet, one tick. The float only chooses a step; every price shown stays exact.
 */
export function defaultGroup(pricePrecision: number, price: string | undefined): DepthGroup {
  const p = price === undefined ? NaN : Number(price);
  if (!(p > 0)) return 1;
  const raw = p * 10 ** pricePrecision * DEFAULT_GROUP_FRACTION;
  if (!(raw >= 1)) return 1;
  const k = Math.floor(Math.log10(raw));
  const m = raw / 10 ** k;
  // The nearest of 1, 2, 5, 10 on a log scale (the geometric midpoints are about 1.41, 3.16 and 7.07).
  const g = (m < 1.41 ? 1 : m < 3.16 ? 2 : m < 7.07 ? 5 : 10) * 10 ** k;
  return Math.min(g, 5e8);
}

/**
 * SIDE-4: the groupings offered, ascending: the tick x 1, 10, 100 and 1000, and the opening grouping and ten
 * times it when they are not among them (a 0.01 tick at 67,250: 0.01, 0.1, 1, 5, 10, 50).
 */
export function groupChoices(preferred: DepthGroup): DepthGroup[] {
  const set = new Set<number>([1, 10, 100, 1000, preferred, Math.min(preferred * 10, 5e8)]);
  return [...set].sort((a, b) => a - b);
}

/** The choices with their labels as exact prices ("0.01", "5"). */
export function groupOptions(pricePrecision: number, preferred: DepthGroup): { group: DepthGroup; step: string }[] {
  return groupChoices(preferred).map((group) => ({ group, step: groupStep(pricePrecision, group) }));
}

/**
 * SIDE-7: rows a side the book shows: as many as its box holds (`fit`), but never more than both sides have
 * groups, so every row shown has a price and an amount. The simulated maker quotes 16 levels a side (SIM-9); at
 * the opening grouping the best level, off the grid, joins the grid level it rounds to (asks up, bids down), so a
 * side has 15 groups where 17 rows fit at 1440x900: the top ask row was empty. A side with no level at all (a
 * one-sided book) does not shrink the other; before the first book, `fit`.
 */
export function bookRows(
  fit: number,
  view: { asks: readonly unknown[]; bids: readonly unknown[] } | undefined,
): number {
  if (!view) return fit;
  const a = view.asks.length;
  const b = view.bids.length;
  const filled = a > 0 && b > 0 ? Math.min(a, b) : Math.max(a, b);
  return filled > 0 ? Math.max(1, Math.min(fit, filled)) : fit;
}
