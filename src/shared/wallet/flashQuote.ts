/**
 * The flash exchange's arithmetic (FX-2, FX-3), one pure function run by the server when it executes a quote
 * and by the exchange screen to show "you receive" as the user types, so the two never disagree.
 *
 * A quote has a market `price` (units of TO per 1 FROM, from the live tickers), a disclosed `spread` and a
 * disclosed `fee` (fractions, e.g. "0.001" = 0.1 %). For an amount of FROM:
 *   gross   = amount × price × (1 − spread)         (what the spread leaves, in TO)
 *   receive = floor(gross × (1 − fee))               to TO's decimals
 *   fee     = floor(gross × fee)                     to TO's decimals (to house:fees)
 * Rounding down favours the house by less than one minor unit of TO on what the user receives.
 */
import { Decimal } from '../decimal';
import { assetDecimals } from '../amount';

/** Significant digits a quoted price keeps (rounded down, so in the house's favour). */
export const PRICE_DIGITS = 12;

export interface FlashRates {
  /** TO per 1 FROM, a decimal string. */
  price: string;
  /** Fraction kept as spread, e.g. "0.001". */
  spread: string;
  /** Fraction charged as fee, e.g. "0.001". */
  fee: string;
}

export interface FlashOutcome {
  /** What the user receives, in TO, exact to TO's decimals. */
  receive: string;
  /** The fee, in TO, exact to TO's decimals (may be "0"). */
  fee: string;
  /** The effective rate after spread and fee: TO per 1 FROM (display only). */
  rate: string;
}

/** The price of FROM in TO from the two coins' USDT prices (USDT itself is 1), rounded down to PRICE_DIGITS. */
export function crossPrice(fromUsdt: string, toUsdt: string): string {
  const to = new Decimal(toUsdt);
  if (!to.isFinite() || to.lte(0)) throw new Error(`no price for the coin received`);
  const p = new Decimal(fromUsdt).div(to);
  return p.toSignificantDigits(PRICE_DIGITS, Decimal.ROUND_DOWN).toFixed();
}

/** What `amount` (canonical, checked by checkAmount) of FROM gives in TO at these rates. */
export function flashOutcome(amount: string, toCoin: string, r: FlashRates): FlashOutcome {
  const d = assetDecimals(toCoin);
  const gross = new Decimal(amount).mul(r.price).mul(new Decimal(1).minus(r.spread));
  const receive = gross.mul(new Decimal(1).minus(r.fee)).toDecimalPlaces(d, Decimal.ROUND_DOWN);
  const fee = gross.mul(r.fee).toDecimalPlaces(d, Decimal.ROUND_DOWN);
  const rate = new Decimal(r.price)
    .mul(new Decimal(1).minus(r.spread))
    .mul(new Decimal(1).minus(r.fee))
    .toSignificantDigits(PRICE_DIGITS, Decimal.ROUND_DOWN);
  return { receive: receive.toFixed(), fee: fee.toFixed(), rate: rate.toFixed() };
}
