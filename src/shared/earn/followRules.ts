/**
 * Copy trading: the follow form's check and the mirroring arithmetic (COPY rules in docs/spec/follow.md), one
 * function each for the follow dialog and the server.
 */
import { Decimal } from '../decimal';

/** Least and most USDT of margin per copied order (fixed mode), and the ratio's range (ratio mode). */
export const FOLLOW_MIN_AMOUNT = '1';
export const FOLLOW_MAX_AMOUNT = '100000';
export const FOLLOW_MIN_RATIO = '0.01';
export const FOLLOW_MAX_RATIO = '10';
/** Decimals of the profit share and the follow amounts (USDT). */
export const FOLLOW_DECIMALS = 6;
const PLAIN = /^\d+(\.\d+)?$/;

export type FollowRule = 'amount' | 'ratio' | 'maxTotal' | 'stopLoss';
export type FollowCheck = { ok: true } | { ok: false; rule: FollowRule; message: string };

export interface FollowInput {
  mode: 'fixed' | 'ratio';
  amount?: string;
  ratio?: string;
  maxTotal: string;
  stopLoss?: string;
}

function plain(s: string | undefined): Decimal | null {
  const t = (s ?? '').trim();
  return PLAIN.test(t) ? new Decimal(t) : null;
}

/**
 * Checks a follow (COPY-4): fixed mode an amount from FOLLOW_MIN_AMOUNT to FOLLOW_MAX_AMOUNT USDT, ratio mode a
 * ratio from FOLLOW_MIN_RATIO to FOLLOW_MAX_RATIO; a cap above zero and, in fixed mode, at least the amount; a
 * stop, if given, above zero.
 */
export function checkFollow(input: FollowInput): FollowCheck {
  if (input.mode === 'fixed') {
    const a = plain(input.amount);
    if (!a || a.lt(FOLLOW_MIN_AMOUNT) || a.gt(FOLLOW_MAX_AMOUNT))
      return {
        ok: false,
        rule: 'amount',
        message: `The margin per trade is from ${FOLLOW_MIN_AMOUNT} to ${FOLLOW_MAX_AMOUNT} USDT`,
      };
  } else {
    const r = plain(input.ratio);
    if (!r || r.lt(FOLLOW_MIN_RATIO) || r.gt(FOLLOW_MAX_RATIO))
      return { ok: false, rule: 'ratio', message: `The ratio is from ${FOLLOW_MIN_RATIO} to ${FOLLOW_MAX_RATIO}` };
  }
  const cap = plain(input.maxTotal);
  if (!cap || cap.lte(0)) return { ok: false, rule: 'maxTotal', message: 'Enter the most margin to use in all' };
  if (input.mode === 'fixed' && cap.lt(plain(input.amount)!))
    return { ok: false, rule: 'maxTotal', message: 'The total cap is at least the margin per trade' };
  if (input.stopLoss !== undefined && input.stopLoss.trim() !== '') {
    const s = plain(input.stopLoss);
    if (!s || s.lte(0)) return { ok: false, rule: 'stopLoss', message: 'The stop is a loss above zero, in USDT' };
  }
  return { ok: true };
}

/** The margin a follower puts on one copied opening order (COPY-5): the fixed amount, or the lead's times ratio. */
export function copyMargin(input: Pick<FollowInput, 'mode' | 'amount' | 'ratio'>, leadMargin: string): string {
  const m =
    input.mode === 'fixed' ? new Decimal(input.amount ?? '0') : new Decimal(leadMargin).times(input.ratio ?? '0');
  return m.toDecimalPlaces(FOLLOW_DECIMALS, Decimal.ROUND_DOWN).toFixed(FOLLOW_DECIMALS);
}

/**
 * The shares a follower closes when the lead closes `closed` of `leadShares` (COPY-5): the same proportion of the
 * follower's shares, rounded down to whole shares, and all of them when the lead closes all.
 */
export function copyCloseShares(followerShares: string, leadShares: string, closed: string): string {
  if (new Decimal(closed).gte(leadShares)) return new Decimal(followerShares).toFixed();
  return new Decimal(followerShares).times(closed).div(leadShares).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed();
}

/** The lead trader's share of a follower's closed copy (COPY-6): pnl x shareRate when pnl > 0, rounded down. */
export function profitShare(pnl: string, shareRate: string): string {
  const p = new Decimal(pnl);
  if (p.lte(0)) return (0).toFixed(FOLLOW_DECIMALS);
  return p.times(shareRate).toDecimalPlaces(FOLLOW_DECIMALS, Decimal.ROUND_DOWN).toFixed(FOLLOW_DECIMALS);
}
