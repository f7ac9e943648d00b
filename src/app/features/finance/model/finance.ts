/**
 * The finance screens' pure logic (FINUI rules in docs/spec/finance-screen.md): product filters, the disclosed
 * dates and the interest to expect (from the shared FIN functions, never re-derived), the most one may subscribe,
 * and what redeeming a holding returns or gives up. Exact decimal strings throughout.
 */
import { Decimal } from '../../../../shared/decimal';
import {
  checkSubscription,
  DAY_MS,
  expectedInterest,
  financeDecimals,
  interestStart,
  maturityOf,
  utcDayStart,
  type FinanceCheck,
} from '../../../../shared/earn/financeRules';
import type { EarlyRedeem, FinanceHolding, FinanceKind, FinanceProduct } from '../../../../shared/schemas/finance';

export type KindFilter = 'all' | FinanceKind;
export interface ProductFilter {
  /** '' = every coin. */
  coin: string;
  kind: KindFilter;
  /** 0 = every term; otherwise a fixed term in days. */
  term: number;
}
export const NO_FILTER: ProductFilter = { coin: '', kind: 'all', term: 0 };

/** The coins and the fixed terms the products offer, for the filter chips (sorted). */
export function filterChoices(products: readonly FinanceProduct[]): { coins: string[]; terms: number[] } {
  const coins = [...new Set(products.map((p) => p.coin.toUpperCase()))].sort();
  const terms = [...new Set(products.filter((p) => p.kind === 'fixed').map((p) => p.termDays))].sort((a, b) => a - b);
  return { coins, terms };
}

/** The products under the filter (FINUI-3): a term chip keeps only the fixed products of that term. */
export function filterProducts(products: readonly FinanceProduct[], f: ProductFilter): FinanceProduct[] {
  return products.filter(
    (p) =>
      (f.coin === '' || p.coin.toUpperCase() === f.coin.toUpperCase()) &&
      (f.kind === 'all' || p.kind === f.kind) &&
      (f.term === 0 || (p.kind === 'fixed' && p.termDays === f.term)),
  );
}

/** The annual rate as a percent string ("0.0525" -> "5.25"), exact, trailing zeros dropped, at least 2 decimals. */
export function aprPercent(apr: string): string {
  const v = new Decimal(apr).times(100);
  return v.decimalPlaces() <= 2 ? v.toFixed(2) : v.toFixed();
}

/** The share of the quota still left, 0..100, for the quota bar (a display width, not money). */
export function quotaLeftPct(p: Pick<FinanceProduct, 'quota' | 'remaining'>): number {
  const q = new Decimal(p.quota);
  if (q.lte(0)) return 0;
  const pct = new Decimal(p.remaining).div(q).times(100);
  return Math.max(0, Math.min(100, pct.toDecimalPlaces(1, Decimal.ROUND_DOWN).toNumber()));
}

export interface ProductDates {
  /** The UTC day of subscribing (today). */
  today: number;
  /** First UTC day that earns (interestStart). */
  interestFrom: number;
  /** Fixed: the maturity (maturityOf); flexible: null. */
  maturity: number | null;
  /**
   * When the first interest is paid: settlement type 1 pays each earning day's interest when the day is over (the
   * next UTC 00:00); type 2 pays it with the principal, at maturity (fixed) or at redemption (flexible: null).
   */
  firstPayout: number | null;
}

/** The dates disclosed before subscribing at `now` (FINUI-5), from the shared interestStart and maturityOf. */
export function productDates(
  p: Pick<FinanceProduct, 'settlementDay' | 'termDays' | 'settlementType'>,
  now: number,
): ProductDates {
  const interestFrom = interestStart(now, p.settlementDay);
  const maturity = maturityOf(interestFrom, p.termDays);
  const firstPayout = p.settlementType === 2 ? maturity : interestFrom + DAY_MS;
  return { today: utcDayStart(now), interestFrom, maturity, firstPayout };
}

const PLAIN = /^\d+(\.\d+)?$/;

export interface Expected {
  /** Fixed: over the whole term; flexible: null. */
  term: string | null;
  /** Flexible: one day's and 30 days' interest; fixed: null. */
  perDay: string | null;
  per30: string | null;
}

/** The interest to expect on `amount` (FINUI-6): expectedInterest over the term, or per day and per 30 days. */
export function expectedFor(p: Pick<FinanceProduct, 'apr' | 'coin' | 'kind' | 'termDays'>, amount: string): Expected {
  const a = PLAIN.test(amount.trim()) ? amount.trim() : '0';
  if (p.kind === 'fixed') return { term: expectedInterest(a, p.apr, p.termDays, p.coin), perDay: null, per30: null };
  return { term: null, perDay: expectedInterest(a, p.apr, 1, p.coin), per30: expectedInterest(a, p.apr, 30, p.coin) };
}

/**
 * The most one may subscribe now (the Max button, FINUI-6): the least of the available balance, the per-user
 * maximum less what the user holds in the product, and the quota left; rounded down to the coin's decimals
 * (SAFE-22); never below 0.
 */
export function maxSubscribable(
  p: Pick<FinanceProduct, 'coin' | 'maxAmount' | 'remaining'>,
  available: string,
  held: string,
): string {
  const room = Decimal.min(new Decimal(available), new Decimal(p.maxAmount).minus(held), new Decimal(p.remaining));
  return trim(Decimal.max(room, 0).toDecimalPlaces(financeDecimals(p.coin), Decimal.ROUND_DOWN).toFixed());
}

function trim(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** The user's principal in `productId` over their active holdings (what checkSubscription counts as held). */
export function heldIn(holdings: readonly FinanceHolding[], productId: number): string {
  let sum = new Decimal(0);
  for (const h of holdings) if (h.productId === productId && h.status === 'active') sum = sum.plus(h.principal);
  return sum.toFixed();
}

/** An amount field keeps digits and one dot only. */
export function cleanAmount(v: string): string {
  const s = v.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  return dot < 0 ? s : s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '');
}

/** The translation key and values of the first failing rule of checkSubscription (FINUI-7), or null when it passes. */
export function ruleMessage(
  check: FinanceCheck,
  p: Pick<FinanceProduct, 'coin' | 'minAmount' | 'maxAmount' | 'remaining'>,
  held: string,
): { key: string; values: Record<string, string> } | null {
  if (check.ok) return null;
  const coin = p.coin.toUpperCase();
  const values: Record<string, string> = {
    coin,
    min: trim(p.minAmount),
    max: trim(p.maxAmount),
    held: new Decimal(held).toFixed(),
    remaining: trim(p.remaining),
    decimals: String(financeDecimals(coin)),
  };
  return { key: `rule.${check.rule}`, values };
}

export type RedeemTerms =
  | { kind: 'flexible' | 'matured'; principal: string; interest: string; forfeited: '0' }
  | { kind: 'forfeit'; principal: string; interest: '0'; forfeited: string }
  | { kind: 'none'; maturesAt: number | null };

/**
 * What redeeming a holding now does (FINUI-9, FIN-5): flexible or matured, the principal and the interest not yet
 * paid come back; a fixed holding before maturity whose product says `forfeit` gets the principal back and gives
 * up that interest; `none` (or the server saying it is not redeemable) cannot be redeemed before its maturity.
 */
export function redeemTerms(h: FinanceHolding, rule: EarlyRedeem | undefined, now: number): RedeemTerms {
  const principal = h.principal;
  const owed = h.accrued;
  if (h.kind === 'flexible') {
    if (!h.redeemable) return { kind: 'none', maturesAt: null };
    return { kind: 'flexible', principal, interest: owed, forfeited: '0' };
  }
  if (h.maturesAt !== null && now >= h.maturesAt && h.redeemable)
    return { kind: 'matured', principal, interest: owed, forfeited: '0' };
  // Before maturity the server's `redeemable` says whether the product allows it (its rule is `forfeit`), also
  // while the product list (with the rule) has not arrived.
  if (h.redeemable && rule !== 'none') return { kind: 'forfeit', principal, interest: '0', forfeited: owed };
  return { kind: 'none', maturesAt: h.maturesAt };
}

/** Plain decimal sum of two amounts (what comes back in total). */
export function plus(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed();
}

/**
 * What the submit button says and whether it may be pressed (FINUI-7): while the balance loads, "loading"; then
 * the first failing rule of checkSubscription; then, until the terms are accepted, "agree first"; then "submit".
 */
export function submitState(
  p: Pick<FinanceProduct, 'coin' | 'minAmount' | 'maxAmount' | 'remaining' | 'open'>,
  value: string,
  s: { available: string; held: string; agreed: boolean; loaded: boolean },
): { key: string; values: Record<string, string>; enabled: boolean } {
  if (!s.loaded) return { key: 'form.loading', values: {}, enabled: false };
  const failing = ruleMessage(checkSubscription(p, value, s), p, s.held);
  if (failing) return { ...failing, enabled: false };
  if (!s.agreed) return { key: 'form.agreeFirst', values: {}, enabled: false };
  return { key: 'form.submit', values: { amount: value.trim(), coin: p.coin.toUpperCase() }, enabled: true };
}
