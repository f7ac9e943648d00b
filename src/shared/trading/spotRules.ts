/**
 * The spot pair rules (SPOT-1..8 in docs/spec/trading.md), one function for the order form and the server: the
 * form runs `checkSpotOrder` before it lets the customer submit and names the first rule that fails; the server
 * runs the very same function on receipt. Also the amounts every fill moves (`orderSums`, `fillShare`), so the hold the form
 * shows is the hold the server takes.
 *
 * Reading of the pair fields (spec 3.4; Decision lines in SPOT-2): `enable` and `isDeal` both on = the pair
 * trades; `limitedBuy`/`limitedSell`/`marketBuy`/`marketSell` switch each order type per side; `basePrecision`
 * = price decimals, `coinPrecision` = amount decimals; `orderMin`/`orderMax` bound every order's amount (coin);
 * `minSell` is the smallest amount a sell may have; `buyMax` the largest total (quote coin) a buy may reach;
 * `feeRate` is a percent of the total, paid in the quote coin by both sides. `sellMin` has no stated meaning
 * and is not enforced (shown nowhere, so never enforced: "never enforce a rule the screen did not show").
 */
import { Decimal } from '../decimal';
import { assetDecimals } from '../amount';
import type { SpotPair } from '../schemas/coins';

/** A market order trades at most this far from the best opposite price (SPOT-4). */
export const MARKET_PROTECTION = '0.05';

export type SpotSide = 'buy' | 'sell';
export interface SpotOrderInput {
  side: SpotSide;
  type: 'limit' | 'market';
  price?: string;
  amount: string;
}
/** The best prices of the book when the order is checked (market orders need the opposite side). */
export interface SpotBookState {
  bestBid?: string;
  bestAsk?: string;
}

export type SpotRule =
  | 'enabled'
  | 'side'
  | 'type'
  | 'price'
  | 'amount'
  | 'precision'
  | 'orderMin'
  | 'orderMax'
  | 'minSell'
  | 'buyMax'
  | 'book'
  | 'balance';

export type SpotCheck =
  | {
      ok: true;
      /** The limit price, or the market order's protection price. */
      price: string;
      protection: boolean;
      /** price x amount at that price (the worst total for a market order), in the quote coin. */
      total: string;
      /** The fee on that total, in the quote coin (rounded up to the quote coin's decimals). */
      fee: string;
      /** What is held: total + fee in the quote coin for a buy, the amount of the coin for a sell. */
      hold: string;
      holdCoin: string;
    }
  | { ok: false; rule: SpotRule; field?: 'price' | 'amount'; message: string };

type PairRules = Pick<
  SpotPair,
  | 'symbol'
  | 'coin'
  | 'baseCoin'
  | 'basePrecision'
  | 'coinPrecision'
  | 'buyMax'
  | 'enable'
  | 'feeRate'
  | 'isDeal'
  | 'limitedBuy'
  | 'limitedSell'
  | 'marketBuy'
  | 'marketSell'
  | 'minSell'
  | 'orderMax'
  | 'orderMin'
>;

const PLAIN = /^\d+(\.\d+)?$/;

function decimalsOf(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1 - (s.match(/0*$/)?.[0].length ?? 0);
}

/** The fee rate as a fraction (pair.feeRate is a percent). */
export function feeFraction(pair: Pick<SpotPair, 'feeRate'>): Decimal {
  return new Decimal(pair.feeRate || '0').div(100);
}

/** pair.feeRate as shown: a percent, e.g. "0.1". */
export function feePercent(pair: Pick<SpotPair, 'feeRate'>): string {
  return new Decimal(pair.feeRate || '0').toFixed();
}

function quoteDecimals(pair: Pick<SpotPair, 'baseCoin'>): number {
  return assetDecimals(pair.baseCoin);
}

function up(d: Decimal, dp: number): Decimal {
  return d.toDecimalPlaces(dp, Decimal.ROUND_UP);
}
function down(d: Decimal, dp: number): Decimal {
  return d.toDecimalPlaces(dp, Decimal.ROUND_DOWN);
}

/**
 * The worst price a market order may trade at (SPOT-4): the best opposite price moved 5 % against the customer,
 * rounded to the pair's tick towards the best price (so never more than 5 %). Undefined when that side is empty.
 */
export function protectionPrice(
  pair: Pick<SpotPair, 'basePrecision'>,
  side: SpotSide,
  book: SpotBookState,
): string | undefined {
  const best = side === 'buy' ? book.bestAsk : book.bestBid;
  if (!best || !PLAIN.test(best) || new Decimal(best).isZero()) return undefined;
  const b = new Decimal(best);
  const p =
    side === 'buy'
      ? down(b.times(new Decimal(1).plus(MARKET_PROTECTION)), pair.basePrecision)
      : up(b.times(new Decimal(1).minus(MARKET_PROTECTION)), pair.basePrecision);
  return p.isZero() ? undefined : p.toFixed(pair.basePrecision);
}

/**
 * What an order has paid or received after fills worth `exact` (the exact sum of price x amount over its fills) in
 * the quote coin at its wallet decimals (SPOT-6). A buyer owes the total rounded UP plus the fee on it (rounded
 * up); a seller gets the total rounded DOWN less the fee on it (rounded up). Both are non-decreasing in `exact`, so
 * each fill moves the difference between the order's sums after and before it: the sum over the fills is the
 * sum of the whole order, never more than its hold, and rounding is paid once per order, not once per fill.
 */
export function orderSums(
  pair: Pick<SpotPair, 'feeRate' | 'baseCoin'>,
  side: SpotSide,
  exact: string,
): { total: string; fee: string; net: string } {
  const dp = quoteDecimals(pair);
  const rate = feeFraction(pair);
  const x = new Decimal(exact);
  const total = side === 'buy' ? up(x, dp) : down(x, dp);
  const fee = up(total.times(rate), dp);
  const net = side === 'buy' ? total.plus(fee) : total.minus(fee);
  return { total: total.toFixed(), fee: fee.toFixed(), net: net.toFixed() };
}

/** One fill's share of its order's sums: what the order's sums grew by from `before` to `after` (exact totals). */
export function fillShare(
  pair: Pick<SpotPair, 'feeRate' | 'baseCoin'>,
  side: SpotSide,
  before: string,
  after: string,
): { total: string; fee: string; net: string } {
  const a = orderSums(pair, side, after);
  const b = orderSums(pair, side, before);
  const d = (k: 'total' | 'fee' | 'net') => new Decimal(a[k]).minus(b[k]).toFixed();
  return { total: d('total'), fee: d('fee'), net: d('net') };
}

/** Largest amount (coin, rounded DOWN to coinPrecision) that `available` pays for, fee included (SPOT-7). */
export function maxSpotAmount(
  pair: Pick<SpotPair, 'feeRate' | 'baseCoin' | 'coinPrecision'>,
  side: SpotSide,
  price: string | undefined,
  available: string,
): string {
  if (!PLAIN.test(available)) return '0';
  const avail = new Decimal(available);
  if (side === 'sell') return down(avail, pair.coinPrecision).toFixed();
  if (!price || !PLAIN.test(price) || new Decimal(price).isZero()) return '0';
  const p = new Decimal(price);
  const rate = feeFraction(pair);
  const dp = quoteDecimals(pair);
  let amount = down(avail.div(p.times(rate.plus(1))), pair.coinPrecision);
  // Rounding the total and fee up can cost one unit more than the division saw: step down until it fits.
  const lot = new Decimal(1).div(new Decimal(10).pow(pair.coinPrecision));
  for (let i = 0; i < 3 && amount.gt(0); i++) {
    const total = up(p.times(amount), dp);
    if (total.plus(up(total.times(rate), dp)).lte(avail)) break;
    amount = amount.minus(lot);
  }
  return amount.isNegative() ? '0' : amount.toFixed();
}

function bad(rule: SpotRule, message: string, field?: 'price' | 'amount'): SpotCheck {
  return field ? { ok: false, rule, field, message } : { ok: false, rule, message };
}

/**
 * Checks one order against the pair's rules, the book and the available balance of the coin it holds (quote for
 * a buy, coin for a sell). The first rule that fails is returned with a sentence naming it (SPOT-2, SPOT-3).
 */
export function checkSpotOrder(
  pair: PairRules,
  input: SpotOrderInput,
  book: SpotBookState,
  available: string,
): SpotCheck {
  const name = `${pair.coin}/${pair.baseCoin}`;
  if (!pair.enable || !pair.isDeal) return bad('enabled', `${name} is not open for trading`);
  if (input.side !== 'buy' && input.side !== 'sell') return bad('side', 'Choose buy or sell');
  if (input.type !== 'limit' && input.type !== 'market') return bad('type', 'Choose a limit or a market order');
  const allowed =
    input.type === 'limit'
      ? input.side === 'buy'
        ? pair.limitedBuy
        : pair.limitedSell
      : input.side === 'buy'
        ? pair.marketBuy
        : pair.marketSell;
  if (!allowed) return bad('type', `${input.type === 'limit' ? 'Limit' : 'Market'} ${input.side}s are off for ${name}`);

  let price: Decimal;
  let protection = false;
  if (input.type === 'limit') {
    const raw = input.price ?? '';
    if (raw === '') return bad('price', 'Enter a price', 'price');
    if (!PLAIN.test(raw)) return bad('price', 'Price must be a number, e.g. 12.5', 'price');
    price = new Decimal(raw);
    if (price.isZero()) return bad('price', 'Price must be above 0', 'price');
    if (decimalsOf(raw) > pair.basePrecision)
      return bad('precision', `Price has at most ${pair.basePrecision} decimals for ${name}`, 'price');
  } else {
    if (input.price !== undefined && input.price !== '')
      return bad('price', 'A market order takes no price: it trades at the best prices, protected', 'price');
    const p = protectionPrice(pair, input.side, book);
    if (!p)
      return bad(
        'book',
        `No ${input.side === 'buy' ? 'sell' : 'buy'} orders in the book: a market ${input.side} cannot trade now`,
      );
    price = new Decimal(p);
    protection = true;
  }

  const rawAmount = input.amount ?? '';
  if (rawAmount === '') return bad('amount', 'Enter an amount', 'amount');
  if (!PLAIN.test(rawAmount)) return bad('amount', 'Amount must be a number, e.g. 0.5', 'amount');
  const amount = new Decimal(rawAmount);
  if (amount.isZero()) return bad('amount', 'Amount must be above 0', 'amount');
  if (decimalsOf(rawAmount) > pair.coinPrecision)
    return bad('precision', `Amount has at most ${pair.coinPrecision} decimals for ${pair.coin}`, 'amount');
  if (PLAIN.test(pair.orderMin) && amount.lt(pair.orderMin))
    return bad('orderMin', `Minimum order is ${new Decimal(pair.orderMin).toFixed()} ${pair.coin}`, 'amount');
  if (PLAIN.test(pair.orderMax) && new Decimal(pair.orderMax).gt(0) && amount.gt(pair.orderMax))
    return bad('orderMax', `Maximum order is ${new Decimal(pair.orderMax).toFixed()} ${pair.coin}`, 'amount');
  if (input.side === 'sell' && PLAIN.test(pair.minSell) && amount.lt(pair.minSell))
    return bad('minSell', `Minimum sell is ${new Decimal(pair.minSell).toFixed()} ${pair.coin}`, 'amount');

  const sums = orderSums(pair, input.side, price.times(amount).toFixed());
  const total = new Decimal(sums.total);
  if (input.side === 'buy' && PLAIN.test(pair.buyMax) && new Decimal(pair.buyMax).gt(0) && total.gt(pair.buyMax))
    return bad('buyMax', `A buy may total at most ${new Decimal(pair.buyMax).toFixed()} ${pair.baseCoin}`, 'amount');
  const hold = input.side === 'buy' ? new Decimal(sums.net) : amount;
  const holdCoin = input.side === 'buy' ? pair.baseCoin : pair.coin;
  const avail = PLAIN.test(available) ? new Decimal(available) : new Decimal(0);
  if (hold.gt(avail))
    return bad(
      'balance',
      `Insufficient ${holdCoin}: this order needs ${hold.toFixed()} ${holdCoin}, ${avail.toFixed()} available`,
      'amount',
    );
  return {
    ok: true,
    price: price.toFixed(pair.basePrecision),
    protection,
    total: total.toFixed(),
    fee: sums.fee,
    hold: hold.toFixed(),
    holdCoin,
  };
}
