/**
 * USDT-margined futures: the checks (FUT rules in docs/spec/futures.md), built on the position arithmetic of
 * futuresRules.ts: the order check with its preview (FUT-2, FUT-4), a market order's protection price, take-profit
 * and stop-loss (FUT-9), adding or removing margin (FUT-8) and the form's size-in-USDT conversion. The order form
 * runs them before submitting and the server on receipt, so a refusal reads the same on both; the first rule that
 * fails is named with a sentence.
 */
import { Decimal } from '../decimal';
import type { ContractPair } from '../schemas/coins';
import {
  MARGIN_COIN,
  MONEY_DECIMALS,
  averageEntry,
  bookSide,
  initialMargin,
  leverages,
  liquidatesAt,
  liquidationPrice,
  notionalOf,
  pnlAt,
  releasedMargin,
  tradeFee,
  type FuturesPair,
  type FuturesSide,
  type PositionCore,
} from './futuresRules';
import { protectionPrice, type SpotBookState } from './spotRules';

const PLAIN = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;
const money = (d: Decimal) => d.toFixed(MONEY_DECIMALS);

function decimalsOf(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1 - (s.match(/0*$/)?.[0].length ?? 0);
}

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

type FuturesRefusal = Extract<FuturesCheck, { ok: false }>;

function bad(rule: FuturesRule, message: string, field?: FuturesRefusal['field']): FuturesRefusal {
  return field ? { ok: false, rule, field, message } : { ok: false, rule, message };
}

/** The protection price of a market order: SPOT-4's rule on the futures book, at the pair's price decimals. */
export function futuresProtection(
  pair: Pick<ContractPair, 'baseScale'>,
  side: 'buy' | 'sell',
  book: SpotBookState,
): string | undefined {
  return protectionPrice({ basePrecision: pair.baseScale }, side, book);
}

function checkPriceField(
  pair: FuturesPair,
  raw: string | undefined,
  what: string,
  field: 'price' | 'takeProfit' | 'stopLoss',
): string | FuturesRefusal {
  const rule: FuturesRule = field === 'price' ? 'price' : field;
  if (raw === undefined || raw === '') return bad(rule, `Enter ${what}`, field);
  if (!PLAIN.test(raw)) return bad(rule, `${what[0].toUpperCase()}${what.slice(1)} must be a number, e.g. 12.5`, field);
  if (new Decimal(raw).isZero()) return bad(rule, `${what[0].toUpperCase()}${what.slice(1)} must be above 0`, field);
  if (decimalsOf(raw) > pair.baseScale)
    return bad(rule, `${what[0].toUpperCase()}${what.slice(1)} has at most ${pair.baseScale} decimals`, field);
  return raw;
}

/**
 * A take-profit or stop-loss price: a valid price on its side of the mark (FUT-9), above it for a long's take-profit
 * and a short's stop-loss, below it otherwise. Returns the price, or the refusal.
 */
function checkTrigger(
  pair: FuturesPair,
  side: FuturesSide,
  field: 'takeProfit' | 'stopLoss',
  raw: string,
  mark: string,
): string | FuturesRefusal {
  const what = field === 'takeProfit' ? 'take-profit' : 'stop-loss';
  const v = checkPriceField(pair, raw, `a ${what} price`, field);
  if (typeof v !== 'string') return v;
  const above = (field === 'takeProfit') === (side === 'long');
  if (above ? new Decimal(v).lte(mark) : new Decimal(v).gte(mark))
    return bad(field, `A ${side}'s ${what} must be ${above ? 'above' : 'below'} the mark price ${mark}`, field);
  return v;
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
): { ok: true } | FuturesRefusal {
  if (tp !== undefined && tp !== null && tp !== '') {
    const v = checkTrigger(pair, side, 'takeProfit', tp, mark);
    if (typeof v !== 'string') return v;
  }
  if (sl !== undefined && sl !== null && sl !== '') {
    const v = checkTrigger(pair, side, 'stopLoss', sl, mark);
    if (typeof v !== 'string') return v;
    if (side === 'long' ? new Decimal(v).lte(liquidation) : new Decimal(v).gte(liquidation))
      return bad(
        'stopLoss',
        `The stop-loss must be ${side === 'long' ? 'above' : 'below'} the liquidation price ${liquidation}`,
        'stopLoss',
      );
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
