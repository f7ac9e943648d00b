/**
 * Second contracts: the stake rule (SEC-3) and the payout arithmetic (SEC-6), one of each, run by the order form
 * before it submits and by the server on receipt and at settlement, so the two never disagree.
 *
 * No decimal library (the app bundle stays small) and no binary float: amounts are compared and multiplied as
 * bigint counts of their smallest decimal unit. A stake has at most SECOND_STAKE_DECIMALS (2) decimals and a
 * period's ratio at most SECOND_RATIO_DECIMALS (4), so stake x ratio is exact at 6 decimals, which USDT's
 * balances carry (src/shared/amount.ts): no payout is ever rounded.
 */
import { checkAmount } from '../amount';

/** The coin every stake is in, from the user's platform account. */
export const SECOND_STAKE_COIN = 'USDT';
/** Decimals a stake may have (cents). */
export const SECOND_STAKE_DECIMALS = 2;
/** Decimals a period's payout ratio may have. */
export const SECOND_RATIO_DECIMALS = 4;

/** Which rule refused a stake: the form names it on its button, the server in its message. */
export type SecondStakeRule = 'required' | 'format' | 'decimals' | 'period' | 'minimum' | 'maximum' | 'balance';

/** What the stake rule needs of a period (the Period of src/shared/schemas/trading.ts fits). */
export interface SecondPeriodLimits {
  /** Length in seconds. */
  period: number;
  minAmount: string;
  maxAmount: string;
  /** Open for new orders. */
  status: boolean;
}

export type SecondStakeCheck = { ok: true; amount: string } | { ok: false; rule: SecondStakeRule; msg: string };

const PLAIN = /^\d+(\.\d+)?$/;

/** A plain non-negative decimal string as [digits without the point, number of decimals]. */
function split(s: string): [bigint, number] {
  if (!PLAIN.test(s)) throw new Error(`"${s}" is not a plain decimal`);
  const [i, f = ''] = s.split('.');
  return [BigInt(i + f), f.length];
}

/** Compares two plain non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [x, dx] = split(a);
  const [y, dy] = split(b);
  const d = Math.max(dx, dy);
  const xs = x * 10n ** BigInt(d - dx);
  const ys = y * 10n ** BigInt(d - dy);
  return xs < ys ? -1 : xs > ys ? 1 : 0;
}

/** `units` smallest units of 10^-decimals as a canonical decimal string (no trailing zeros after the point). */
function format(units: bigint, decimals: number): string {
  const neg = units < 0n;
  let s = (neg ? -units : units).toString();
  if (decimals > 0) {
    s = s.padStart(decimals + 1, '0');
    const int = s.slice(0, s.length - decimals);
    const frac = s.slice(s.length - decimals).replace(/0+$/, '');
    s = frac ? `${int}.${frac}` : int;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

/** The canonical form of a plain decimal string ("010.50" -> "10.5"). */
function canonical(s: string): string {
  const [x, d] = split(s);
  return format(x, d);
}

/**
 * SEC-3: checks a typed stake against a period and, when known, the available USDT of the platform account.
 * Refuses with the first rule that fails, in this order: format, decimals, period (closed), minimum, maximum,
 * balance; the message names the rule and the limit. On success `amount` is the canonical stake string.
 */
export function checkSecondStake(raw: unknown, period: SecondPeriodLimits, available?: string): SecondStakeCheck {
  const a = checkAmount(raw, SECOND_STAKE_COIN, 'Stake');
  if (!a.ok) {
    if (/more decimals/.test(a.msg)) return decimalsFail();
    return { ok: false, rule: /required/.test(a.msg) ? 'required' : 'format', msg: a.msg };
  }
  const amount = a.amount;
  if (split(amount)[1] > SECOND_STAKE_DECIMALS) return decimalsFail();
  if (!period.status)
    return { ok: false, rule: 'period', msg: `The ${period.period} s period is closed for new contracts` };
  const min = canonical(period.minAmount);
  const max = canonical(period.maxAmount);
  if (compareDecimal(amount, min) < 0)
    return {
      ok: false,
      rule: 'minimum',
      msg: `Stake is below the minimum of ${min} ${SECOND_STAKE_COIN} for the ${period.period} s period`,
    };
  if (compareDecimal(amount, max) > 0)
    return {
      ok: false,
      rule: 'maximum',
      msg: `Stake is above the maximum of ${max} ${SECOND_STAKE_COIN} for the ${period.period} s period`,
    };
  if (available !== undefined && compareDecimal(amount, available) > 0)
    return {
      ok: false,
      rule: 'balance',
      msg: `Stake is more than your available balance of ${canonical(available)} ${SECOND_STAKE_COIN}`,
    };
  return { ok: true, amount };
}

function decimalsFail(): SecondStakeCheck {
  return {
    ok: false,
    rule: 'decimals',
    msg: `Stake has too many decimals: at most ${SECOND_STAKE_DECIMALS} for a second contract`,
  };
}

/** Whether a ratio is usable for a period: a plain decimal, above zero, at most SECOND_RATIO_DECIMALS decimals. */
export function isSecondRatio(ratio: string): boolean {
  if (!PLAIN.test(ratio)) return false;
  const c = canonical(ratio);
  return c !== '0' && (c.split('.')[1] ?? '').length <= SECOND_RATIO_DECIMALS;
}

export interface SecondPayout {
  /** stake x ratio: what a win adds to the stake. */
  profit: string;
  /** What a win credits back: stake + profit. */
  win: string;
}

/**
 * SEC-6: the payout of a win, exact: profit = stake x ratio, win = stake + profit (bigint arithmetic on the two
 * decimal strings; nothing is rounded). With the stake and ratio rules the result has at most 6 decimals.
 */
export function secondPayout(stake: string, ratio: string): SecondPayout {
  const [s, ds] = split(stake);
  const [r, dr] = split(ratio);
  const profit = s * r; // at ds + dr decimals
  const win = s * 10n ** BigInt(dr) + profit;
  return { profit: format(profit, ds + dr), win: format(win, ds + dr) };
}

/**
 * The largest stake the form's "max" may fill in: the available balance cut down to whole cents, at most the
 * period's maximum; undefined when that is below the period's minimum.
 */
export function secondStakeMax(available: string, period: SecondPeriodLimits): string | undefined {
  const [x, d] = split(available);
  const cents =
    d >= SECOND_STAKE_DECIMALS
      ? x / 10n ** BigInt(d - SECOND_STAKE_DECIMALS)
      : x * 10n ** BigInt(SECOND_STAKE_DECIMALS - d);
  let max = format(cents, SECOND_STAKE_DECIMALS);
  if (compareDecimal(max, period.maxAmount) > 0) max = canonical(period.maxAmount);
  return compareDecimal(max, period.minAmount) < 0 ? undefined : max;
}
