/**
 * The options screen's pure rules (OUI-*), unit-tested without React: the expiry to show, the strike nearest the
 * spot, what an open option is worth if it expired now (the shared payout rule at the live price), the quantity
 * presets, the ticket's check (the shared buying rule), and the bookkeeping of a purchase whose reply never came.
 * Amounts and prices are exact decimal strings; arithmetic goes through the shared decimal module.
 */
import { Decimal } from '../../../../../../shared/decimal';
import type { OptionChain, OptionKind, OptionTenor } from '../../../../../../shared/schemas/options';
import { checkOptionBuy, optionPayout, type OptionCheck } from '../../../../../../shared/trading/optionRules';
import { trimDecimal } from '../../../../../i18n/format';

export { serverNow } from '../../../components/countdownTime';

/** The coin of every premium, fee and payout (the platform account's USDT). */
export { OPTION_COIN } from '../../../../../../shared/trading/optionRules';

/**
 * Decimals of a quantity when the coin has no spot pair to say (OUI-4). Decision: the spot pair's coinPrecision
 * of the same symbol when there is one (the coin's own step), else 4.
 */
export const DEFAULT_QUANTITY_DECIMALS = 4;

/** Tenors in the order the tabs show them. */
export const TENORS: readonly OptionTenor[] = ['5m', '15m', '1h', '1d'];

const PLAIN = /^\d+(\.\d+)?$/;
const dec = (s: string | undefined): Decimal | null => (s !== undefined && PLAIN.test(s) ? new Decimal(s) : null);

type Expiry = OptionChain['expiries'][number];

/** The expiries shortest tenor first, each once (the first of a tenor). */
export function sortExpiries(expiries: readonly Expiry[]): Expiry[] {
  const seen = new Set<string>();
  return [...expiries]
    .sort((a, b) => TENORS.indexOf(a.tenor) - TENORS.indexOf(b.tenor) || a.expiry - b.expiry)
    .filter((e) => (seen.has(e.tenor) ? false : (seen.add(e.tenor), true)));
}

/** The expiry to show: the wanted tenor when the chain has it and it is still ahead, else the first ahead, else the first. */
export function pickExpiry(expiries: readonly Expiry[], wanted: OptionTenor | null, now: number): Expiry | undefined {
  const ahead = expiries.filter((e) => e.expiry > now);
  return ahead.find((e) => e.tenor === wanted) ?? ahead[0] ?? expiries[0];
}

/** Index of the strike nearest the spot (the lower one on a tie); -1 without strikes or spot (OUI-2). */
export function nearestStrike(strikes: readonly { strike: string }[], spot: string | undefined): number {
  const s = dec(spot);
  if (!s) return -1;
  let best = -1;
  let bestD: Decimal | null = null;
  strikes.forEach((k, i) => {
    const v = dec(k.strike);
    if (!v) return;
    const d = v.minus(s).abs();
    if (bestD === null || d.lt(bestD) || (d.eq(bestD) && best >= 0 && v.lt(strikes[best].strike))) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** Whether a strike is in the money for a kind at the spot (shading of the board). */
export function inTheMoney(kind: OptionKind, strike: string, spot: string | undefined): boolean {
  const s = dec(spot);
  const k = dec(strike);
  if (!s || !k) return false;
  return kind === 'call' ? s.gt(k) : s.lt(k);
}

/**
 * What an open option would pay if it expired at `live` (OUI-6): the shared payout rule; null without a price.
 * It is the intrinsic value only, labelled as such, never a fair value.
 */
export function valueIfExpiredNow(
  o: { kind: OptionKind; strike: string; quantity: string },
  live: string | undefined,
): string | null {
  if (!dec(live) || !dec(o.strike) || !dec(o.quantity)) return null;
  return optionPayout(o.kind, o.strike, live as string, o.quantity);
}

/** A plain decimal without trailing fractional zeros ("41.647350" → "41.64735", "2.000000" → "2"); other text unchanged. */
export function trimZeros(s: string): string {
  return trimDecimal(s);
}

/** The annualised volatility as a percentage: "0.62" → "62". */
export function volatilityPercent(v: string): string {
  const d = dec(v);
  return d ? d.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed() : v;
}

/** Quantity presets (OUI-4): three round amounts of the coin, tenfold apart, the smallest 0.01 or the coin's step. */
export function quantityPresets(decimals: number): string[] {
  const step = new Decimal(10).pow(-Math.min(Math.max(0, decimals), 2));
  return [step, step.times(10), step.times(100)].map((d) => d.toFixed());
}

/** The indicative premium of a quantity at a unit premium (the board's), for the ticket before a quote. */
export function indicativeTotal(unit: string | undefined, quantity: string): string | null {
  const u = dec(unit);
  const q = dec(quantity.trim());
  if (!u || !q || q.isZero()) return null;
  return u.times(q).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed();
}

export interface TicketCheckInput {
  open: boolean;
  quantity: string;
  quantityDecimals: number;
  /** The firm quote, when it is for this ticket's choice and quantity. */
  quote?: { premium: string; total: string; expiresAt: number };
  available: string | undefined;
  expiry: number;
  now: number;
}

export type TicketCheck =
  OptionCheck | { ok: false; rule: 'quote' | 'quoteExpired' | 'loadingBalance'; message: string };

/**
 * The ticket's check (OUI-5): the shared buying rule (checkOptionBuy, the one the server applies), then what the
 * ticket itself needs before it can buy: the balance read and a firm quote not yet expired. Without a quote the
 * premium rules are checked at the server's quote.
 */
export function checkTicket(i: TicketCheckInput): TicketCheck {
  const shared = checkOptionBuy({
    open: i.open,
    quantity: i.quantity,
    quantityDecimals: i.quantityDecimals,
    premium: i.quote?.premium,
    total: i.quote?.total,
    available: i.available ?? '0',
    expiry: i.expiry,
    now: i.now,
  });
  if (!shared.ok && shared.rule !== 'balance') return shared;
  if (i.available === undefined) return { ok: false, rule: 'loadingBalance', message: 'Loading balance' };
  if (!shared.ok) return shared;
  if (!i.quote) return { ok: false, rule: 'quote', message: 'Get a quote' };
  if (i.quote.expiresAt <= i.now) return { ok: false, rule: 'quoteExpired', message: 'The quote has expired' };
  return { ok: true };
}

// ------------------------------------------------------------------------------ a reply that never came

/** Prefix of every option intent in the pending-intent store (src/app/data/mutate.ts). */
export const OPTION_INTENT_PREFIX = 'option:';

/** How long a purchase that cannot be found is still looked for before the screen says it was not made. */
export const LOST_OPTION_GIVE_UP_MS = 120_000;

export interface PendingOption {
  symbol: string;
  kind: OptionKind;
  expiry: number;
  strike: string;
  quantity: string;
  /** Local time at submission. */
  at: number;
}

/** One purchase's intent name; it carries what the screen tells the user when the purchase cannot be found. */
export function optionIntentName(p: PendingOption): string {
  return `${OPTION_INTENT_PREFIX}${p.symbol}:${p.kind}:${p.expiry}:${p.strike}:${p.quantity}:${p.at}`;
}

/** The purchase an intent name stands for, or null for another kind of name. */
export function parseOptionIntent(name: string): PendingOption | null {
  if (!name.startsWith(OPTION_INTENT_PREFIX)) return null;
  const parts = name.slice(OPTION_INTENT_PREFIX.length).split(':');
  if (parts.length !== 6) return null;
  const [symbol, kind, expiry, strike, quantity, at] = parts;
  if (kind !== 'call' && kind !== 'put') return null;
  if (!symbol || !PLAIN.test(strike) || !PLAIN.test(quantity) || !/^\d+$/.test(expiry) || !/^\d+$/.test(at))
    return null;
  return { symbol, kind, expiry: Number(expiry), strike, quantity, at: Number(at) };
}
