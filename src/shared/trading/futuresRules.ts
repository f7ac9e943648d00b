/**
 * USDT-margined futures: the position arithmetic (FUT rules in docs/spec/futures.md): units, margin, fees,
 * average entry, PnL, liquidation, mark figures and released margin, one function each, run by the order form and
 * the positions table before anything is sent or shown, and by the server on receipt, at every fill and at every
 * mark tick. The two therefore never disagree on a margin, a fee, a liquidation price or a PnL. The checks built
 * on it (the order check, margin change, TP/SL) are in futuresChecks.ts.
 *
 * Units (FUT-1): sizes are whole shares, one share = `shareNumber` of the coin; money is USDT at 6 decimals;
 * prices carry the pair's `baseScale` decimals, an average entry price 4 more. Every rounding is stated:
 * - margin and fees round UP (the customer is never told less than is taken);
 * - PnL rounds towards minus infinity (a gain is never overstated, a loss never understated);
 * - a liquidation price rounds towards the entry price, and the engine liquidates at exactly the price shown:
 *   a long at mark <= liquidation price, a short at mark >= liquidation price (FUT-6).
 *
 * Reading of the pair fields (spec 3.4; decisions in FUT-2): `openFee`/`closeFee` are fractions of the notional
 * ("0.001" = 0.1 %); `lossRate` is the share of a position's margin that may be lost before it is liquidated
 * ("0.8": liquidated when the loss at mark reaches 80 % of the margin; what is left goes to the insurance fund);
 * `minMargin` is the least margin an opening order may put up; `minShare`/`maxShare` bound an order's size and a
 * position's; `enableOpenBuy`/`enableOpenSell` allow opening long/short; `enableMarketBuy`/`enableMarketSell`
 * allow market orders that buy (open long, close short) and that sell (open short, close long); `enable` opens
 * the pair. `deliveryDays` 0 = perpetual (the only kind built), `usdtRate` is not a rule.
 */
import { Decimal } from '../decimal';
import type { ContractPair } from '../schemas/coins';

/** The margin coin and its decimals. */
export const MARGIN_COIN = 'USDT';
export const MONEY_DECIMALS = 6;
/** Extra decimals of an average entry price beyond the pair's price decimals. */
export const ENTRY_EXTRA_DECIMALS = 4;

export type FuturesSide = 'long' | 'short';
export type FuturesPair = Pick<
  ContractPair,
  | 'coin'
  | 'baseCoin'
  | 'baseScale'
  | 'closeFee'
  | 'openFee'
  | 'enable'
  | 'enableMarketBuy'
  | 'enableMarketSell'
  | 'enableOpenBuy'
  | 'enableOpenSell'
  | 'leverage'
  | 'lossRate'
  | 'maxShare'
  | 'minMargin'
  | 'minShare'
  | 'shareNumber'
>;

const up = (d: Decimal, dp: number) => d.toDecimalPlaces(dp, Decimal.ROUND_UP);
const down = (d: Decimal, dp: number) => d.toDecimalPlaces(dp, Decimal.ROUND_DOWN);
const floor = (d: Decimal, dp: number) => d.toDecimalPlaces(dp, Decimal.ROUND_FLOOR);
const money = (d: Decimal) => d.toFixed(MONEY_DECIMALS);

/** The pair's leverages, ascending ("5,10,20" -> [5, 10, 20]). */
export function leverages(pair: Pick<ContractPair, 'leverage'>): number[] {
  return [
    ...new Set(
      pair.leverage
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ].sort((a, b) => a - b);
}

/** The side of the book an order takes: opening long and closing short buy. */
export function bookSide(side: FuturesSide, action: 'open' | 'close'): 'buy' | 'sell' {
  return (side === 'long') === (action === 'open') ? 'buy' : 'sell';
}

/** Coin quantity of `shares` shares. */
export function quantityOf(pair: Pick<ContractPair, 'shareNumber'>, shares: string | number): string {
  return new Decimal(shares).times(pair.shareNumber).toFixed();
}

/** Notional in USDT, exact: shares x shareNumber x price. */
export function notionalOf(pair: Pick<ContractPair, 'shareNumber'>, shares: string | number, price: string): Decimal {
  return new Decimal(shares).times(pair.shareNumber).times(price);
}

/** Margin an opening of `shares` at `price` puts up: notional / leverage, rounded up (FUT-4). */
export function initialMargin(
  pair: Pick<ContractPair, 'shareNumber'>,
  shares: string | number,
  price: string,
  leverage: number,
): string {
  return money(up(notionalOf(pair, shares, price).div(leverage), MONEY_DECIMALS));
}

/** Fee of opening or closing `shares` at `price`: notional x openFee or closeFee, rounded up (FUT-4). */
export function tradeFee(
  pair: Pick<ContractPair, 'shareNumber' | 'openFee' | 'closeFee'>,
  action: 'open' | 'close',
  shares: string | number,
  price: string,
): string {
  const rate = action === 'open' ? pair.openFee : pair.closeFee;
  return money(up(notionalOf(pair, shares, price).times(rate || '0'), MONEY_DECIMALS));
}

/** What a position is, for the arithmetic (the Position schema fits). */
export interface PositionCore {
  side: FuturesSide;
  shares: string;
  entryPrice: string;
  margin: string;
}

/** The average entry price after adding `shares` at `price` (FUT-5), at the price decimals + 4, half up. */
export function averageEntry(
  pair: Pick<ContractPair, 'baseScale'>,
  pos: { shares: string; entryPrice: string } | undefined,
  shares: string,
  price: string,
): string {
  const dp = pair.baseScale + ENTRY_EXTRA_DECIMALS;
  if (!pos || new Decimal(pos.shares).isZero()) return new Decimal(price).toFixed(dp);
  const total = new Decimal(pos.shares).plus(shares);
  const cost = new Decimal(pos.entryPrice).times(pos.shares).plus(new Decimal(price).times(shares));
  return cost.div(total).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp);
}

/** PnL of `shares` of a position at `price`: (price - entry) x quantity for a long, the opposite for a short. */
export function pnlAt(
  pair: Pick<ContractPair, 'shareNumber'>,
  side: FuturesSide,
  entryPrice: string,
  shares: string | number,
  price: string,
): string {
  const diff = new Decimal(price).minus(entryPrice);
  const raw = diff.times(shares).times(pair.shareNumber);
  return money(floor(side === 'long' ? raw : raw.neg(), MONEY_DECIMALS));
}

/**
 * The liquidation price (FUT-6): where the loss reaches lossRate x margin. Long: entry - lossRate x margin /
 * quantity, rounded up to the price decimals; short: entry + lossRate x margin / quantity, rounded down. A long
 * that cannot be liquidated above zero shows "0".
 */
export function liquidationPrice(
  pair: Pick<ContractPair, 'shareNumber' | 'lossRate' | 'baseScale'>,
  pos: PositionCore,
): string {
  const qty = new Decimal(pos.shares).times(pair.shareNumber);
  if (qty.isZero()) return new Decimal(0).toFixed(pair.baseScale);
  const room = new Decimal(pair.lossRate).times(pos.margin).div(qty);
  const entry = new Decimal(pos.entryPrice);
  const p = pos.side === 'long' ? up(entry.minus(room), pair.baseScale) : down(entry.plus(room), pair.baseScale);
  return (p.isNegative() ? new Decimal(0) : p).toFixed(pair.baseScale);
}

/** Whether a mark price liquidates a position with this liquidation price (FUT-6). */
export function liquidatesAt(side: FuturesSide, liquidation: string, mark: string): boolean {
  const l = new Decimal(liquidation);
  return side === 'long' ? l.gt(0) && new Decimal(mark).lte(l) : new Decimal(mark).gte(l);
}

/** A position's figures at a mark price (FUT-7): what the positions table and the server show. */
export interface MarkFigures {
  unrealisedPnl: string;
  /** unrealisedPnl / margin, a fraction ("0.125" = 12.5 %), 4 decimals, towards minus infinity. */
  returnRate: string;
  /**
   * Maintenance / equity, a fraction: maintenance = margin x (1 - lossRate), equity = margin + unrealised PnL;
   * "1" (100 %) or more is liquidation; an equity at or below zero shows "1".
   */
  marginRatio: string;
}

export function markFigures(
  pair: Pick<ContractPair, 'shareNumber' | 'lossRate'>,
  pos: PositionCore,
  mark: string,
): MarkFigures {
  const pnl = pnlAt(pair, pos.side, pos.entryPrice, pos.shares, mark);
  const margin = new Decimal(pos.margin);
  const returnRate = margin.isZero() ? new Decimal(0) : floor(new Decimal(pnl).div(margin), 4);
  const equity = margin.plus(pnl);
  const maintenance = margin.times(new Decimal(1).minus(pair.lossRate));
  const ratio = equity.lte(0) ? new Decimal(1) : Decimal.min(1, up(maintenance.div(equity), 4));
  return { unrealisedPnl: pnl, returnRate: returnRate.toFixed(4), marginRatio: ratio.toFixed(4) };
}

/** Margin released by closing `shares` of a position: its share of the margin, rounded down; all of it at the end. */
export function releasedMargin(pos: { shares: string; margin: string }, shares: string): string {
  if (new Decimal(shares).gte(pos.shares)) return new Decimal(pos.margin).toFixed(MONEY_DECIMALS);
  return money(down(new Decimal(pos.margin).times(shares).div(pos.shares), MONEY_DECIMALS));
}
