/**
 * USDT-margined futures: the contract pair's rules and the position arithmetic (FUT rules in
 * docs/spec/futures.md), one function each, run by the order form and the positions table before anything is
 * sent or shown, and by the server on receipt, at every fill and at every mark tick. The two therefore never
 * disagree on a margin, a fee, a liquidation price or a PnL.
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
import { MARKET_PROTECTION } from './spotRules';

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

const PLAIN = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;
const up = (d: Decimal, dp: number) => d.toDecimalPlaces(dp, Decimal.ROUND_UP);
const down = (d: Decimal, dp: number) => d.toDecimalPlaces(dp, Decimal.ROUND_DOWN);
const floor = (d: Decimal, dp: number) => d.toDecimalPlaces(dp, Decimal.ROUND_FLOOR);
const money = (d: Decimal) => d.toFixed(MONEY_DECIMALS);

function decimalsOf(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1 - (s.match(/0*$/)?.[0].length ?? 0);
}

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

// ------------------------------------------------------------------------------------------------- checks

/** Which rule refused: the form names it on its button, the server in its message. */
export type FuturesRule =
  | 'enabled'
  | 'side'
  | 'type'
  | 'leverage'
  | 'price'
  | 'shares'
  | 'maxShare'
  | 'minMargin'
  | 'balance'
  | 'position'
  | 'closeSize'
  | 'book'
  | 'takeProfit'
  | 'stopLoss';

export interface FuturesOrderInput {
  side: FuturesSide;
  action: 'open' | 'close';
  type: 'limit' | 'market';
  price?: string;
  shares: string;
  leverage?: number;
  takeProfit?: string;
  stopLoss?: string;
}

/** What the check needs to know besides the pair and the order. */
export interface FuturesState {
  bestBid?: string;
  bestAsk?: string;
  /** The last mark price (TP/SL are checked against it); falls back to the order's price. */
  mark?: string;
  /** Available USDT of the contract account. */
  available: string;
  /** The open position on this pair and side, with the shares its open closing orders reserve. */
  position?: PositionCore & { leverage: number; closingShares: string };
  /** Shares of this pair and side in open opening orders (they count towards maxShare). */
  pendingOpenShares?: string;
}

/** What the order will do, as the form shows it before submitting (FUT-4). */
export interface FuturesPreview {
  /** The price the figures use: the limit price, or for a market order the best opposite price. */
  price: string;
  /** A market order's protection price (what its hold is computed at). */
  protection?: string;
  notional: string;
  /** Opening: margin + fee held (at the protection price for a market order). */
  cost: string;
  fee: string;
  /** Opening: the margin put up at `price`. */
  margin: string;
  /** The resulting position's liquidation price and margin (opening: at `price`; closing: unchanged). */
  liquidationPrice: string;
  marginAfter: string;
  /** Closing: PnL of the closed shares at `price`. */
  pnl?: string;
}

export type FuturesCheck =
  | { ok: true; preview: FuturesPreview }
  | {
      ok: false;
      rule: FuturesRule;
      field?: 'price' | 'shares' | 'leverage' | 'takeProfit' | 'stopLoss';
      message: string;
    };

function bad(rule: FuturesRule, message: string, field?: Extract<FuturesCheck, { ok: false }>['field']): FuturesCheck {
  return field ? { ok: false, rule, field, message } : { ok: false, rule, message };
}

/** The protection price of a market order (SPOT-4's rule on the futures book). */
export function futuresProtection(
  pair: Pick<ContractPair, 'baseScale'>,
  side: 'buy' | 'sell',
  book: { bestBid?: string; bestAsk?: string },
): string | undefined {
  const best = side === 'buy' ? book.bestAsk : book.bestBid;
  if (!best || !PLAIN.test(best) || new Decimal(best).isZero()) return undefined;
  const b = new Decimal(best);
  const p =
    side === 'buy'
      ? down(b.times(new Decimal(1).plus(MARKET_PROTECTION)), pair.baseScale)
      : up(b.times(new Decimal(1).minus(MARKET_PROTECTION)), pair.baseScale);
  return p.isZero() ? undefined : p.toFixed(pair.baseScale);
}

function checkPriceField(
  pair: FuturesPair,
  raw: string | undefined,
  what: string,
  field: 'price' | 'takeProfit' | 'stopLoss',
): string | FuturesCheck {
  const rule: FuturesRule = field === 'price' ? 'price' : field;
  if (raw === undefined || raw === '') return bad(rule, `Enter ${what}`, field);
  if (!PLAIN.test(raw)) return bad(rule, `${what[0].toUpperCase()}${what.slice(1)} must be a number, e.g. 12.5`, field);
  if (new Decimal(raw).isZero()) return bad(rule, `${what[0].toUpperCase()}${what.slice(1)} must be above 0`, field);
  if (decimalsOf(raw) > pair.baseScale)
    return bad(rule, `${what[0].toUpperCase()}${what.slice(1)} has at most ${pair.baseScale} decimals`, field);
  return raw;
}

/**
 * Take-profit and stop-loss against a position (FUT-9): a long's take-profit above the mark and its stop-loss
 * below the mark and above the liquidation price; a short's the other way round.
 */
export function checkTpSl(
  pair: FuturesPair,
  side: FuturesSide,
  mark: string,
  liquidation: string,
  tp: string | undefined | null,
  sl: string | undefined | null,
): { ok: true } | Extract<FuturesCheck, { ok: false }> {
  const m = new Decimal(mark);
  const liq = new Decimal(liquidation);
  if (tp !== undefined && tp !== null && tp !== '') {
    const v = checkPriceField(pair, tp, 'a take-profit price', 'takeProfit');
    if (typeof v !== 'string') return v as Extract<FuturesCheck, { ok: false }>;
    const t = new Decimal(v);
    if (side === 'long' ? t.lte(m) : t.gte(m))
      return bad(
        'takeProfit',
        `A ${side}'s take-profit must be ${side === 'long' ? 'above' : 'below'} the mark price ${mark}`,
        'takeProfit',
      ) as Extract<FuturesCheck, { ok: false }>;
  }
  if (sl !== undefined && sl !== null && sl !== '') {
    const v = checkPriceField(pair, sl, 'a stop-loss price', 'stopLoss');
    if (typeof v !== 'string') return v as Extract<FuturesCheck, { ok: false }>;
    const s = new Decimal(v);
    if (side === 'long' ? s.gte(m) : s.lte(m))
      return bad(
        'stopLoss',
        `A ${side}'s stop-loss must be ${side === 'long' ? 'below' : 'above'} the mark price ${mark}`,
        'stopLoss',
      ) as Extract<FuturesCheck, { ok: false }>;
    if (side === 'long' ? s.lte(liq) : s.gte(liq))
      return bad(
        'stopLoss',
        `The stop-loss must be ${side === 'long' ? 'above' : 'below'} the liquidation price ${liquidation}`,
        'stopLoss',
      ) as Extract<FuturesCheck, { ok: false }>;
  }
  return { ok: true };
}

/**
 * Checks one order against the pair's rules, the book, the contract account and the position (FUT-2). The first
 * rule that fails is returned with a sentence naming it; otherwise what the order will do.
 */
export function checkFuturesOrder(pair: FuturesPair, input: FuturesOrderInput, state: FuturesState): FuturesCheck {
  const name = `${pair.coin}/${pair.baseCoin}`;
  if (!pair.enable) return bad('enabled', `${name} futures are not open for trading`);
  if (input.side !== 'long' && input.side !== 'short') return bad('side', 'Choose long or short');
  if (input.action !== 'open' && input.action !== 'close') return bad('side', 'Choose open or close');
  if (input.type !== 'limit' && input.type !== 'market') return bad('type', 'Choose a limit or a market order');
  const opening = input.action === 'open';
  if (opening && !(input.side === 'long' ? pair.enableOpenBuy : pair.enableOpenSell))
    return bad('enabled', `Opening ${input.side}s is off for ${name}`);
  const side = bookSide(input.side, input.action);
  if (input.type === 'market' && !(side === 'buy' ? pair.enableMarketBuy : pair.enableMarketSell))
    return bad('type', `Market orders that ${side} are off for ${name}`);

  const pos = state.position && new Decimal(state.position.shares).gt(0) ? state.position : undefined;
  let leverage = 0;
  if (opening) {
    const list = leverages(pair);
    if (input.leverage === undefined) return bad('leverage', 'Choose a leverage', 'leverage');
    if (!list.includes(input.leverage))
      return bad('leverage', `Leverage is one of ${list.map((l) => `${l}x`).join(', ')}`, 'leverage');
    if (pos && pos.leverage !== input.leverage)
      return bad(
        'leverage',
        `Your open ${input.side} uses ${pos.leverage}x: add to it at ${pos.leverage}x`,
        'leverage',
      );
    leverage = input.leverage;
  } else if (!pos) return bad('position', `You have no open ${input.side} on ${name} to close`);

  let price: string;
  let protection: string | undefined;
  if (input.type === 'limit') {
    const v = checkPriceField(pair, input.price, 'a price', 'price');
    if (typeof v !== 'string') return v;
    price = v;
  } else {
    if (input.price !== undefined && input.price !== '')
      return bad('price', 'A market order takes no price: it trades at the best prices, protected', 'price');
    protection = futuresProtection(pair, side, state);
    const best = side === 'buy' ? state.bestAsk : state.bestBid;
    if (!protection || !best)
      return bad('book', `No ${side === 'buy' ? 'sell' : 'buy'} orders in the book: a market order cannot trade now`);
    price = best;
  }

  const raw = input.shares.trim();
  if (raw === '') return bad('shares', 'Enter a size', 'shares');
  // A position can hold a fraction of a share (a fill against the book's lot, FUT-12): closing all of what is
  // free is the one size that may be fractional.
  const closeAll =
    !opening &&
    pos !== undefined &&
    PLAIN.test(raw) &&
    new Decimal(raw).eq(new Decimal(pos.shares).minus(pos.closingShares));
  if (!WHOLE.test(raw) && !closeAll) return bad('shares', 'Size is a whole number of shares', 'shares');
  const shares = new Decimal(raw);
  if (shares.isZero()) return bad('shares', 'Size must be at least 1 share', 'shares');

  if (!opening && pos) {
    const free = new Decimal(pos.shares).minus(pos.closingShares);
    if (shares.gt(free))
      return bad(
        'closeSize',
        free.isZero()
          ? 'Your closing orders already cover the whole position'
          : `You can close at most ${free.toFixed()} shares (a close never opens the other side)`,
        'shares',
      );
    const pnl = pnlAt(pair, pos.side, pos.entryPrice, raw, price);
    const fee = tradeFee(pair, 'close', raw, price);
    const marginAfter = new Decimal(pos.margin).minus(releasedMargin(pos, raw));
    const rest = new Decimal(pos.shares).minus(raw);
    return {
      ok: true,
      preview: {
        price,
        protection,
        notional: money(notionalOf(pair, raw, price)),
        cost: money(new Decimal(0)),
        fee,
        margin: money(new Decimal(0)),
        liquidationPrice: rest.isZero()
          ? new Decimal(0).toFixed(pair.baseScale)
          : liquidationPrice(pair, { ...pos, shares: rest.toFixed(), margin: money(marginAfter) }),
        marginAfter: money(marginAfter),
        pnl,
      },
    };
  }

  if (shares.lt(pair.minShare)) return bad('shares', `Size is at least ${pair.minShare} shares`, 'shares');
  const total = shares.plus(pos?.shares ?? 0).plus(state.pendingOpenShares ?? 0);
  if (total.gt(pair.maxShare))
    return bad(
      'maxShare',
      `A ${input.side} on ${name} holds at most ${pair.maxShare} shares, open orders included`,
      'shares',
    );
  const margin = initialMargin(pair, raw, price, leverage);
  if (new Decimal(margin).lt(pair.minMargin))
    return bad('minMargin', `An opening puts up at least ${pair.minMargin} ${MARGIN_COIN} of margin`, 'shares');
  const fee = tradeFee(pair, 'open', raw, price);
  const holdPrice = protection ?? price;
  const cost = new Decimal(initialMargin(pair, raw, holdPrice, leverage)).plus(tradeFee(pair, 'open', raw, holdPrice));
  if (!PLAIN.test(state.available) || cost.gt(state.available))
    return bad('balance', `Insufficient ${MARGIN_COIN} in the contract account: this needs ${money(cost)}`);

  const entry = averageEntry(pair, pos, raw, price);
  const marginAfter = new Decimal(pos?.margin ?? 0).plus(margin);
  const after: PositionCore = {
    side: input.side,
    shares: shares.plus(pos?.shares ?? 0).toFixed(),
    entryPrice: entry,
    margin: money(marginAfter),
  };
  const liq = liquidationPrice(pair, after);
  const tpsl = checkTpSl(pair, input.side, state.mark ?? price, liq, input.takeProfit, input.stopLoss);
  if (!tpsl.ok) return tpsl;
  return {
    ok: true,
    preview: {
      price,
      protection,
      notional: money(notionalOf(pair, raw, price)),
      cost: money(cost),
      fee,
      margin,
      liquidationPrice: liq,
      marginAfter: money(marginAfter),
    },
  };
}

/**
 * Adding or removing margin (FUT-8). Removing is refused when it would leave less than the initial margin at the
 * mark (notional at mark / leverage) or `minMargin`, or move the liquidation price to or past the mark. Returns
 * the position's new margin and liquidation price.
 */
export function checkMarginChange(
  pair: FuturesPair,
  pos: PositionCore & { leverage: number },
  flag: 'add' | 'remove',
  amount: string,
  mark: string,
  available: string,
): { ok: true; margin: string; liquidationPrice: string } | { ok: false; message: string } {
  if (!PLAIN.test(amount) || new Decimal(amount).isZero()) return { ok: false, message: 'Enter an amount above 0' };
  if (decimalsOf(amount) > MONEY_DECIMALS)
    return { ok: false, message: `An amount has at most ${MONEY_DECIMALS} decimals` };
  const a = new Decimal(amount);
  if (flag === 'add') {
    if (!PLAIN.test(available) || a.gt(available))
      return { ok: false, message: `Insufficient ${MARGIN_COIN} in the contract account` };
    const margin = money(new Decimal(pos.margin).plus(a));
    return { ok: true, margin, liquidationPrice: liquidationPrice(pair, { ...pos, margin }) };
  }
  const left = new Decimal(pos.margin).minus(a);
  const floorMargin = Decimal.max(initialMargin(pair, pos.shares, mark, pos.leverage), pair.minMargin);
  if (left.lt(floorMargin))
    return {
      ok: false,
      message: `At most ${money(Decimal.max(0, new Decimal(pos.margin).minus(floorMargin)))} ${MARGIN_COIN} can be removed: the position keeps ${money(floorMargin)} (its initial margin at the mark, at least ${pair.minMargin})`,
    };
  const margin = money(left);
  const liq = liquidationPrice(pair, { ...pos, margin });
  if (liquidatesAt(pos.side, liq, mark))
    return { ok: false, message: `Removing this would put the liquidation price ${liq} past the mark price ${mark}` };
  return { ok: true, margin, liquidationPrice: liq };
}

/** Whole shares that `usdt` of margin opens at `price` and `leverage` (the form's size-in-USDT input), rounded down. */
export function sharesForMargin(
  pair: Pick<ContractPair, 'shareNumber'>,
  usdt: string,
  price: string,
  leverage: number,
): string {
  if (!PLAIN.test(usdt) || !PLAIN.test(price) || new Decimal(price).isZero()) return '0';
  return new Decimal(usdt).times(leverage).div(new Decimal(price).times(pair.shareNumber)).floor().toFixed();
}
