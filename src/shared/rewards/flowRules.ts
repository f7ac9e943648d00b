/**
 * Flow orders' rules (FLOW-3..6): the one set of checks the offer form, the take form and the server run. USDT
 * amounts have at most 2 decimals, fiat amounts 2, prices 2; a fiat amount converts to USDT rounded down and USDT
 * to fiat rounded half-up at the offer's price. Each check returns the first rule that fails, in words, or null.
 */
import { Decimal } from '../decimal';
import type { FlowOffer, FlowOfferBody, FlowTakeBody } from '../schemas/flow';

export const FLOW_COIN_DECIMALS = 2;
export const FLOW_FIAT_DECIMALS = 2;
/** The security deposit a merchant keeps held while active (USDT, platform account). */
export const FLOW_MERCHANT_DEPOSIT = '100';
/** The payment windows a merchant may choose (minutes). */
export const FLOW_PAY_WINDOWS: readonly number[] = [15, 30, 60];
/** Limits of one offer's USDT amount. */
export const FLOW_MIN_OFFER = '10';
export const FLOW_MAX_OFFER = '1000000';
/** The smallest order, in USDT. */
export const FLOW_MIN_ORDER = '1';
/** A customer may have at most this many unpaid orders at once. */
export const FLOW_MAX_OPEN_ORDERS = 3;

function dec(v: string): Decimal | null {
  if (!/^\d+(\.\d+)?$/.test(v.trim())) return null;
  return new Decimal(v.trim());
}

/** USDT for a fiat amount at a price (rounded down to FLOW_COIN_DECIMALS). */
export function flowCoinOf(fiat: string, price: string): string {
  return new Decimal(fiat).div(price).toDecimalPlaces(FLOW_COIN_DECIMALS, Decimal.ROUND_DOWN).toFixed();
}
/** Fiat for a USDT amount at a price (rounded half-up to 2 decimals). */
export function flowFiatOf(coin: string, price: string): string {
  return new Decimal(coin).times(price).toDecimalPlaces(FLOW_FIAT_DECIMALS, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * FLOW-3: an offer as posted. `available` is the merchant's available platform USDT (a sell offer holds its
 * amount).
 */
export function checkFlowOffer(b: FlowOfferBody, available: string): string | null {
  const price = dec(b.price);
  if (!price || price.lte(0)) return 'Price must be a number above 0';
  if (price.decimalPlaces() > FLOW_FIAT_DECIMALS) return `Price has at most ${FLOW_FIAT_DECIMALS} decimals`;
  const amount = dec(b.amount);
  if (!amount || amount.lte(0)) return 'Amount must be a number above 0';
  if (amount.decimalPlaces() > FLOW_COIN_DECIMALS) return `Amount has at most ${FLOW_COIN_DECIMALS} decimals`;
  if (amount.lt(FLOW_MIN_OFFER)) return `An offer is at least ${FLOW_MIN_OFFER} USDT`;
  if (amount.gt(FLOW_MAX_OFFER)) return `An offer is at most ${FLOW_MAX_OFFER} USDT`;
  const min = dec(b.minFiat);
  const max = dec(b.maxFiat);
  if (!min || min.lte(0)) return 'The minimum per order must be a number above 0';
  if (!max || max.lte(0)) return 'The maximum per order must be a number above 0';
  if (min.decimalPlaces() > FLOW_FIAT_DECIMALS || max.decimalPlaces() > FLOW_FIAT_DECIMALS)
    return `Order limits have at most ${FLOW_FIAT_DECIMALS} decimals`;
  if (min.gt(max)) return 'The minimum per order must not be above the maximum';
  if (new Decimal(flowCoinOf(min.toFixed(), price.toFixed())).lt(FLOW_MIN_ORDER))
    return `The minimum per order must buy at least ${FLOW_MIN_ORDER} USDT`;
  if (max.gt(flowFiatOf(amount.toFixed(), price.toFixed())))
    return 'The maximum per order must not be above the whole offer';
  if (!FLOW_PAY_WINDOWS.includes(b.payWindowMin))
    return `The payment window is one of ${FLOW_PAY_WINDOWS.join(', ')} minutes`;
  if (b.side === 'sell' && amount.gt(available)) return 'Insufficient USDT for this offer';
  return null;
}

/** What taking `b` from `offer` comes to: USDT and fiat amounts. */
export interface FlowTakeAmounts {
  amount: string;
  fiatAmount: string;
}

/**
 * FLOW-4: a take of `offer`. `available` is the taker's available platform USDT (a taker who sells has it held);
 * `openOrders` the taker's unpaid orders now; `self` whether the taker posted the offer.
 */
export function checkFlowTake(
  offer: Pick<FlowOffer, 'side' | 'price' | 'available' | 'minFiat' | 'maxFiat' | 'methods' | 'status'>,
  b: Pick<FlowTakeBody, 'by' | 'amount' | 'method' | 'payDetails'>,
  ctx: { available: string; openOrders: number; self: boolean },
): { ok: true; amounts: FlowTakeAmounts } | { ok: false; msg: string } {
  if (offer.status !== 'open') return { ok: false, msg: 'This offer is closed' };
  if (ctx.self) return { ok: false, msg: 'You cannot take your own offer' };
  const raw = dec(b.amount);
  if (!raw || raw.lte(0)) return { ok: false, msg: 'Amount must be a number above 0' };
  const places = b.by === 'fiat' ? FLOW_FIAT_DECIMALS : FLOW_COIN_DECIMALS;
  if (raw.decimalPlaces() > places) return { ok: false, msg: `Amount has at most ${places} decimals` };
  const amount = b.by === 'fiat' ? flowCoinOf(raw.toFixed(), offer.price) : raw.toFixed();
  const fiatAmount = b.by === 'fiat' ? raw.toFixed(2) : flowFiatOf(raw.toFixed(), offer.price);
  if (new Decimal(fiatAmount).lt(offer.minFiat)) return { ok: false, msg: `The minimum per order is ${offer.minFiat}` };
  if (new Decimal(fiatAmount).gt(offer.maxFiat)) return { ok: false, msg: `The maximum per order is ${offer.maxFiat}` };
  if (new Decimal(amount).lt(FLOW_MIN_ORDER)) return { ok: false, msg: `An order is at least ${FLOW_MIN_ORDER} USDT` };
  if (new Decimal(amount).gt(offer.available)) return { ok: false, msg: 'The offer has not that much left' };
  if (!offer.methods.includes(b.method)) return { ok: false, msg: 'The merchant does not take this payment method' };
  if (ctx.openOrders >= FLOW_MAX_OPEN_ORDERS)
    return { ok: false, msg: `You have ${FLOW_MAX_OPEN_ORDERS} unpaid orders: finish or cancel one first` };
  if (offer.side === 'buy') {
    if (b.payDetails.trim().length < 4) return { ok: false, msg: 'Enter how the merchant pays you' };
    if (new Decimal(amount).gt(ctx.available)) return { ok: false, msg: 'Insufficient USDT' };
  }
  return { ok: true, amounts: { amount, fiatAmount } };
}
