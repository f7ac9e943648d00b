/**
 * An independent reference for depth views (decimal.js, no integer units, no shortcuts): groups a book's
 * levels by tick x group (asks up, bids down), keeps 30 groups a side best first, with cumulative totals.
 * Tests compare the engine's DepthView with it.
 */
import { Decimal } from '../../shared/decimal';

export interface RefRow {
  price: string;
  amount: string;
  total: string;
}

function fixed(d: Decimal, minDecimals: number): string {
  const s = d.toFixed();
  const dot = s.indexOf('.');
  const have = dot < 0 ? 0 : s.length - dot - 1;
  return have >= minDecimals ? s : d.toFixed(minDecimals);
}

/** Levels [price, amount] (any order) to the rows of one side of the view. */
export function referenceSide(
  levels: readonly (readonly [string, string])[],
  side: 'bids' | 'asks',
  pricePrecision: number,
  amountPrecision: number,
  group: number,
  rows = 30,
): RefRow[] {
  const step = new Decimal(group).div(new Decimal(10).pow(pricePrecision));
  const groups = new Map<string, Decimal>();
  for (const [p, a] of levels) {
    const amt = new Decimal(a);
    if (amt.isZero()) continue;
    const q = new Decimal(p).div(step);
    const g = (side === 'asks' ? q.ceil() : q.floor()).times(step);
    const key = g.toFixed(pricePrecision);
    groups.set(key, (groups.get(key) ?? new Decimal(0)).plus(amt));
  }
  const sorted = [...groups.entries()].sort((x, y) =>
    side === 'asks' ? new Decimal(x[0]).cmp(y[0]) : new Decimal(y[0]).cmp(x[0]),
  );
  let total = new Decimal(0);
  return sorted.slice(0, rows).map(([price, amount]) => {
    total = total.plus(amount);
    return { price, amount: fixed(amount, amountPrecision), total: fixed(total, amountPrecision) };
  });
}

/** Best ask - best bid of the ungrouped levels with at least `pricePrecision` decimals, or null. */
export function referenceSpread(
  bids: readonly (readonly [string, string])[],
  asks: readonly (readonly [string, string])[],
  pricePrecision: number,
): string | null {
  const live = (ls: readonly (readonly [string, string])[]) =>
    ls.filter(([, a]) => !new Decimal(a).isZero()).map(([p]) => new Decimal(p));
  const b = live(bids);
  const a = live(asks);
  if (!a.length || !b.length) return null;
  return fixed(Decimal.min(...a).minus(Decimal.max(...b)), pricePrecision);
}
