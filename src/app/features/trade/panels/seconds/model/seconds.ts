/**
 * The second-contract panel's pure rules (SECUI-*), unit-tested without React: what a win pays and the stake
 * presets (over the shared stake and payout rules of src/shared/trading/secondRules.ts), the countdown on server time, whether an open contract is winning now, and the bookkeeping of an
 * order whose reply never came (its intent name, and how the order is recognised in the user's list).
 * Amounts and prices are exact decimal strings; arithmetic goes through the shared decimal module.
 */
import { Decimal } from '../../../../../../shared/decimal';
import type { Period, SecondDirection, SecondOrder } from '../../../../../../shared/schemas/trading';
import { SECOND_STAKE_COIN, secondPayout, secondStakeMax } from '../../../../../../shared/trading/secondRules';

/** The coin of every stake and payout (the platform account's USDT). */
export const STAKE_COIN = SECOND_STAKE_COIN;

const PLAIN = /^\d+(\.\d+)?$/;

function dec(s: string): Decimal | null {
  return PLAIN.test(s) ? new Decimal(s) : null;
}

/**
 * What a win pays back (SECUI-3): the shared payout rule (stake + stake x ratio, exact); null while the stake
 * is not a positive plain number.
 */
export function winPayout(stake: string, ratio: string): string | null {
  const s = stake.trim();
  if (!PLAIN.test(s) || !PLAIN.test(ratio) || !/[1-9]/.test(s)) return null;
  return secondPayout(s, ratio).win;
}

/** The payout ratio as a percentage: "0.85" → "85". */
export function ratioPercent(ratio: string): string {
  const r = dec(ratio);
  return r ? r.times(100).toFixed() : ratio;
}

/** A period's length for its chip: 30 → { n: 30, unit: 's' }, 120 → { n: 2, unit: 'min' }, 90 → 90 s. */
export function periodLength(seconds: number): { n: number; unit: 's' | 'min' | 'h' } {
  if (seconds >= 3600 && seconds % 3600 === 0) return { n: seconds / 3600, unit: 'h' };
  if (seconds >= 60 && seconds % 60 === 0) return { n: seconds / 60, unit: 'min' };
  return { n: seconds, unit: 's' };
}

/** Periods shortest first (the server's order for equal lengths). */
export function sortPeriods(periods: readonly Period[]): Period[] {
  return periods
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.period - b.p.period || a.i - b.i)
    .map((x) => x.p);
}

/** The period to select: the wanted one when it is still open, else the first open one, else the first. */
export function pickPeriod(periods: readonly Period[], wantedId: number | null): Period | undefined {
  return periods.find((p) => p.id === wantedId && p.status) ?? periods.find((p) => p.status) ?? periods[0];
}

export type PresetKey = 'min' | '50' | '100' | '500' | 'max';
export interface StakePreset {
  key: PresetKey;
  /** Undefined for "max" when the balance does not reach the period's minimum. */
  amount: string | undefined;
}

/**
 * The stake presets (SECUI-2): the period's minimum, 50, 100 and 500 when the period allows them, and "max"
 * (the shared rule's largest stake for the balance: whole cents, within the period's maximum). A fixed amount
 * equal to the minimum or outside [min, max] is left out.
 */
export function stakePresets(period: Period, available: string | undefined): StakePreset[] {
  const min = dec(period.minAmount) ?? new Decimal(0);
  const max = dec(period.maxAmount);
  const out: StakePreset[] = [{ key: 'min', amount: min.toFixed() }];
  for (const k of ['50', '100', '500'] as const) {
    const v = new Decimal(k);
    if (v.gt(min) && (!max || v.lte(max))) out.push({ key: k, amount: k });
  }
  out.push({ key: 'max', amount: available === undefined ? undefined : secondStakeMax(available, period) });
  return out;
}

export { formatCountdown, msToNextTick, serverNow, timeLeftMs } from '../../../components/countdownTime';

export type Standing = 'winning' | 'losing' | 'even';

/** Where an open contract stands at `live` (SECUI-6): the rule of settlement applied to the price now. */
export function standing(direction: SecondDirection, entry: string, live: string | undefined): Standing | null {
  const e = dec(entry);
  const l = live === undefined ? null : dec(live);
  if (!e || !l) return null;
  const c = l.comparedTo(e);
  if (c === 0) return 'even';
  return c > 0 === (direction === 'up') ? 'winning' : 'losing';
}

// ------------------------------------------------------------------------------ a reply that never came

/** Prefix of every second-contract intent in the pending-intent store (src/app/data/mutate.ts). */
export const SECOND_INTENT_PREFIX = 'second:';

/** How long an order that cannot be found is still looked for before the panel says it was not placed. */
export const LOST_ORDER_GIVE_UP_MS = 120_000;

/** Slack for the difference between the server's clock and our estimate of it. */
const CLOCK_SLACK_MS = 60_000;

export interface PendingSecond {
  symbol: string;
  direction: SecondDirection;
  /** Canonical stake. */
  amount: string;
  periodId: number;
  /** The highest contract id the screen knew at submission (the order, if made, has a higher one). */
  afterId: number;
  /** Server time (estimate) at submission; 0 when the clock offset was unknown. */
  since: number;
  /** Local time at submission (how long the order has been looked for). */
  at: number;
}

/** The intent name of one submission; it carries what is needed to recognise the order after a reload. */
export function intentName(p: PendingSecond): string {
  return `${SECOND_INTENT_PREFIX}${p.symbol}:${p.direction}:${p.amount}:${p.periodId}:${p.afterId}:${p.since}:${p.at}`;
}

/** The submission an intent name stands for, or null for another kind of name. */
export function parseIntent(name: string): PendingSecond | null {
  if (!name.startsWith(SECOND_INTENT_PREFIX)) return null;
  const parts = name.slice(SECOND_INTENT_PREFIX.length).split(':');
  if (parts.length !== 7) return null;
  const [symbol, direction, amount, ...rest] = parts;
  if (direction !== 'up' && direction !== 'down') return null;
  const nums = rest.map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
  if (!symbol || !PLAIN.test(amount) || nums.some((n) => !Number.isSafeInteger(n))) return null;
  const [periodId, afterId, since, at] = nums;
  return { symbol, direction, amount, periodId, afterId, since, at };
}

/** Whether an intent stands for the same order as `body` (same pair, direction, stake and period). */
export function sameOrder(
  p: PendingSecond,
  body: { symbol: string; direction: SecondDirection; amount: string; periodId: number },
): boolean {
  const a = dec(p.amount);
  const b = dec(body.amount);
  return (
    p.symbol === body.symbol.toLowerCase() &&
    p.direction === body.direction &&
    p.periodId === body.periodId &&
    !!a &&
    !!b &&
    a.eq(b)
  );
}

/**
 * The order a submission made, found in the user's contracts (SECUI-5): same pair, direction, stake and period,
 * an id above every id known at submission, opened no earlier than the submission (less the clock slack). The
 * oldest such order, or undefined.
 */
export function findLostOrder(rows: readonly SecondOrder[], p: PendingSecond): SecondOrder | undefined {
  return rows
    .filter(
      (o) =>
        o.id > p.afterId &&
        sameOrder(p, {
          symbol: o.symbol.toLowerCase(),
          direction: o.direction,
          amount: o.amount,
          periodId: o.periodId,
        }) &&
        (p.since === 0 || o.openTime >= p.since - CLOCK_SLACK_MS),
    )
    .sort((a, b) => a.id - b.id)[0];
}

/** The highest id among lists of contracts (0 for none). */
export function highestId(...lists: (readonly SecondOrder[] | undefined)[]): number {
  let m = 0;
  for (const l of lists) for (const o of l ?? []) if (o.id > m) m = o.id;
  return m;
}
