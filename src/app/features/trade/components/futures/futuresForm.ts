/**
 * The futures order form's model (FUI-4..FUI-6), pure: the size the form sends (shares, or USDT of margin turned
 * into whole shares with the shared `sharesForMargin`), the inputs of the shared check, and what each side's
 * button says. Every rule is the shared `checkFuturesOrder` the server runs; nothing here re-decides one.
 */
import { Decimal } from '../../../../../shared/decimal';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesOrder, Position } from '../../../../../shared/schemas/futures';
import {
  checkFuturesOrder,
  sharesForMargin,
  type FuturesCheck,
  type FuturesOrderInput,
  type FuturesState,
} from '../../../../../shared/trading/futuresChecks';
import { bookSide, leverages, type FuturesSide } from '../../../../../shared/trading/futuresRules';
import { trimDecimal } from '../../../../i18n/format';

export type SizeUnit = 'shares' | 'usdt';
export type FormAction = 'open' | 'close';
export type FormType = 'limit' | 'market';

export interface FuturesDraft {
  action: FormAction;
  type: FormType;
  leverage: number;
  price: string;
  size: string;
  unit: SizeUnit;
  takeProfit: string;
  stopLoss: string;
  /** The take-profit and stop-loss fields are shown (opening only). */
  withTpSl: boolean;
}

/** The leverage a new form starts with: 10x when the pair offers it, else the nearest below, else the least. */
export function defaultLeverage(pair: Pick<ContractPair, 'leverage'>): number {
  const list = leverages(pair);
  const below = list.filter((l) => l <= 10);
  return below.length > 0 ? below[below.length - 1] : (list[0] ?? 1);
}

export interface BookTop {
  bestBid?: string;
  bestAsk?: string;
}

/** The price the size in USDT is converted at: the limit price, or the best opposite price of a market order. */
export function conversionPrice(draft: FuturesDraft, side: FuturesSide, book: BookTop): string | undefined {
  if (draft.type === 'limit') return /^\d+(\.\d+)?$/.test(draft.price) ? draft.price : undefined;
  return bookSide(side, draft.action) === 'buy' ? book.bestAsk : book.bestBid;
}

/**
 * Whole shares the draft means for `side` (FUI-5): the typed shares, or the USDT margin converted with
 * `sharesForMargin` at the conversion price and the chosen leverage ("" when it cannot be known yet). Closing is
 * always in shares.
 */
export function draftShares(pair: ContractPair, draft: FuturesDraft, side: FuturesSide, book: BookTop): string {
  if (draft.unit === 'shares' || draft.action === 'close') return draft.size;
  if (draft.size === '') return '';
  const price = conversionPrice(draft, side, book);
  if (!price) return '';
  return sharesForMargin(pair, draft.size, price, draft.leverage);
}

/** Shares of this pair and side in open opening orders (they count towards maxShare). */
export function pendingOpenShares(orders: readonly FuturesOrder[] | undefined, symbol: string, side: FuturesSide) {
  let sum = new Decimal(0);
  for (const o of orders ?? [])
    if (o.symbol.toLowerCase() === symbol && o.side === side && o.action === 'open' && o.status !== 'cancelled')
      sum = sum.plus(new Decimal(o.shares).minus(o.filledShares));
  return sum.toFixed();
}

/** The open position of this pair and side, as the check wants it. */
export function positionState(
  positions: readonly Position[] | undefined,
  symbol: string,
  side: FuturesSide,
): FuturesState['position'] {
  const p = positions?.find((x) => x.symbol.toLowerCase() === symbol && x.side === side && x.status === 'open');
  if (!p) return undefined;
  return {
    side: p.side,
    shares: p.shares,
    entryPrice: p.entryPrice,
    margin: p.margin,
    leverage: p.leverage,
    closingShares: p.closingShares,
  };
}

/** The shared check of one side of the form. */
export function checkSide(
  pair: ContractPair,
  draft: FuturesDraft,
  side: FuturesSide,
  state: FuturesState,
): { shares: string; check: FuturesCheck } {
  const shares = draftShares(pair, draft, side, state);
  const opening = draft.action === 'open';
  const input: FuturesOrderInput = {
    side,
    action: draft.action,
    type: draft.type,
    ...(draft.type === 'limit' ? { price: draft.price } : {}),
    shares,
    ...(opening ? { leverage: draft.leverage } : {}),
    ...(opening && draft.takeProfit !== '' ? { takeProfit: draft.takeProfit } : {}),
    ...(opening && draft.stopLoss !== '' ? { stopLoss: draft.stopLoss } : {}),
  };
  return { shares, check: checkFuturesOrder(pair, input, state) };
}

/** What a side's button says (FUI-6): its action when the check passes, else the failing rule's name. */
export type ButtonLabel =
  | { key: 'logIn' }
  | { key: 'openLong' | 'openShort' | 'closeLong' | 'closeShort' }
  | { key: `rule.${string}`; message: string };

/** SIDE-1: a side's name in an action: "Open long", "Close short" (keys of the futures namespace). */
export function sideKey(action: FormAction, side: FuturesSide): 'openLong' | 'openShort' | 'closeLong' | 'closeShort' {
  return `${action}${side === 'long' ? 'Long' : 'Short'}` as const;
}

export function buttonLabel(
  signedIn: boolean,
  action: FormAction,
  side: FuturesSide,
  check: FuturesCheck,
  sizeTyped: boolean,
): ButtonLabel {
  if (!signedIn) return { key: 'logIn' };
  if (check.ok) return { key: sideKey(action, side) };
  // An empty size: the button asks for one (the field's own rule, not yet an error).
  if (check.rule === 'shares' && !sizeTyped) return { key: 'rule.sharesEmpty', message: check.message };
  return { key: `rule.${check.rule}`, message: check.message };
}

/**
 * A USDT amount for display, exact: trailing zeros beyond 2 decimals dropped ("1.010000" -> "1.01",
 * "0.335479" stays). Never rounds.
 */
export function trimMoney(v: string): string {
  return trimDecimal(v, 2);
}

/** The percent stops under the size: a share of the available USDT put up as margin. */
export const SIZE_STOPS = [25, 50, 75, 100] as const;

/**
 * USDT of margin that `pct` % of `available` pays for, the open fee on the notional included: margin m costs
 * m + m x leverage x openFee, so m = available x pct / 100 / (1 + leverage x openFee), rounded down to 6 decimals.
 */
export function marginAtShare(
  pair: Pick<ContractPair, 'openFee'>,
  available: string,
  pct: number,
  leverage: number,
): string {
  if (!/^\d+(\.\d+)?$/.test(available)) return '';
  const m = new Decimal(available)
    .times(pct)
    .div(100)
    .div(new Decimal(1).plus(new Decimal(pair.openFee || '0').times(leverage)))
    .toDecimalPlaces(6, Decimal.ROUND_DOWN);
  return m.isZero() ? '' : m.toFixed();
}
