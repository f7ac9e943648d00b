/**
 * Rebates (REB-3, REB-4): the one function the server pays by and the invite screen explains with. A fee an
 * invitee pays is shared with the inviters at three levels by FINANCIAL_REBATE_SETTING's ratios, read as percent
 * of the fee ("1" = 1 %). Each share is rounded down to the coin's decimals (at most 8), so the shares never sum
 * to more than the fee; the ratios themselves must sum to at most 100 (REB-2). Exact decimals only.
 */
import { assetDecimals } from '../amount';
import { Decimal } from '../decimal';

export const REBATE_LEVELS = 3;
const MAX_DECIMALS = 8;

export type RebateRatios = readonly [string, string, string];

/** REB-2: why the operator's ratios cannot be used, or null when they can. */
export function rebateRatiosProblem(ratios: RebateRatios): string | null {
  let sum = new Decimal(0);
  for (const [i, r] of ratios.entries()) {
    const d = new Decimal(r);
    if (!d.isFinite() || d.lt(0)) return `Level ${i + 1}'s ratio must be a number of 0 or more`;
    if (d.gt(100)) return `Level ${i + 1}'s ratio must be at most 100 %`;
    sum = sum.plus(d);
  }
  if (sum.gt(100)) return 'The three ratios together must be at most 100 % of the fee';
  return null;
}

/**
 * REB-3: the three levels' shares of one fee (level 1 = the payer's inviter), each fee x ratio / 100 rounded down
 * to the coin's decimals (at most 8), as plain decimal strings ("0" when it rounds away). Invalid ratios or a
 * non-positive fee give three zeros.
 */
export function rebateShares(fee: string, coin: string, ratios: RebateRatios): [string, string, string] {
  const f = new Decimal(fee);
  if (!f.isFinite() || f.lte(0) || rebateRatiosProblem(ratios) !== null) return ['0', '0', '0'];
  const places = Math.min(MAX_DECIMALS, assetDecimals(coin));
  const share = (r: string) => f.times(r).div(100).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed();
  return [share(ratios[0]), share(ratios[1]), share(ratios[2])];
}
