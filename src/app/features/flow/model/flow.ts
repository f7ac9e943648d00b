/**
 * Flow (P2P) screens' pure rules (FLOWUI-*): the customer's side and an offer's, the take form's live conversion
 * and its check (the one shared `checkFlowTake`, so the form and the server refuse the same takes), the offer
 * form to the call's body (`checkFlowOffer`), a rule's words as an i18n key, an order's steps, the actions each
 * party has in each state, the payment countdown, and the names of the user intents (Idempotency-Keys).
 */
import { Decimal } from '../../../../shared/decimal';
import {
  checkFlowOffer,
  checkFlowTake,
  flowCoinOf,
  flowFiatOf,
  FLOW_COIN_DECIMALS,
  FLOW_FIAT_DECIMALS,
} from '../../../../shared/rewards/flowRules';
import type {
  FlowFiat,
  FlowOffer,
  FlowOfferBody,
  FlowOrder,
  FlowOrderState,
  FlowPayMethod,
  FlowSide,
} from '../../../../shared/schemas/flow';
import { FLOW_MINE_TABS, type FlowMineTab } from '../paths';

export const FLOW_PAGE_SIZE = 20;
/** The customer's side of the market tabs: 'buy' lists the merchants' sell offers (FLOW-1). */
export const CUSTOMER_SIDES = ['buy', 'sell'] as const;
export type CustomerSide = (typeof CUSTOMER_SIDES)[number];

export function sideOf(v: string | null): CustomerSide {
  return v === 'sell' ? 'sell' : 'buy';
}
export function mineTabOf(v: string | null): FlowMineTab {
  return (FLOW_MINE_TABS as readonly string[]).includes(v ?? '') ? (v as FlowMineTab) : 'active';
}
/** What the customer does when taking an offer of the merchant's `side`. */
export function takerSide(offerSide: FlowSide): CustomerSide {
  return offerSide === 'sell' ? 'buy' : 'sell';
}

// ---------------------------------------------------------------------------------------------------------------
// A rule's words -> an i18n key. The shared checks (and the server, which runs them) answer in English; the screens
// show the rule in the reader's language. An unknown message is shown as it came.

export interface RuleText {
  key: string;
  params?: Record<string, string>;
}
const RULES: readonly [RegExp, string, string?][] = [
  [/^This offer is closed$/, 'closed'],
  [/^You cannot take your own offer$/, 'own'],
  [/^Amount must be a number above 0$/, 'amountPositive'],
  [/^Amount has at most (\d+) decimals$/, 'amountDecimals', 'n'],
  [/^The minimum per order is (.+)$/, 'minOrder', 'v'],
  [/^The maximum per order is (.+)$/, 'maxOrder', 'v'],
  [/^An order is at least (.+) USDT$/, 'orderAtLeast', 'v'],
  [/^The offer has not that much left$/, 'notLeft'],
  [/^The merchant does not take this payment method$/, 'method'],
  [/^You have (\d+) unpaid orders/, 'tooMany', 'n'],
  [/^Enter how the merchant pays you$/, 'payDetails'],
  [/^Insufficient USDT$/, 'insufficient'],
  [/^Price must be a number above 0$/, 'pricePositive'],
  [/^Price has at most (\d+) decimals$/, 'priceDecimals', 'n'],
  [/^An offer is at least (.+) USDT$/, 'offerMin', 'v'],
  [/^An offer is at most (.+) USDT$/, 'offerMax', 'v'],
  [/^The minimum per order must be a number above 0$/, 'minPositive'],
  [/^The maximum per order must be a number above 0$/, 'maxPositive'],
  [/^Order limits have at most (\d+) decimals$/, 'limitDecimals', 'n'],
  [/^The minimum per order must not be above the maximum$/, 'minAboveMax'],
  [/^The minimum per order must buy at least (.+) USDT$/, 'minBuys', 'v'],
  [/^The maximum per order must not be above the whole offer$/, 'maxAboveOffer'],
  [/^The payment window is one of (.+) minutes$/, 'window', 'v'],
  [/^Insufficient USDT for this offer$/, 'insufficientOffer'],
];

/** The i18n key (under `rule.`) of a shared rule's message, or null when it is not one of them. */
export function ruleText(msg: string): RuleText | null {
  for (const [re, key, param] of RULES) {
    const m = re.exec(msg.trim());
    if (m) return param ? { key: `rule.${key}`, params: { [param]: m[1] } } : { key: `rule.${key}` };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The take form (FLOWUI-2).

export interface TakeDraft {
  by: 'fiat' | 'coin';
  amount: string;
  method: FlowPayMethod;
  payDetails: string;
}
export function emptyTake(offer: Pick<FlowOffer, 'methods'>): TakeDraft {
  return { by: 'fiat', amount: '', method: offer.methods[0], payDetails: '' };
}

const PLAIN = /^\d+(\.\d+)?$/;

/** The other side of the amount at the offer's price, as the server will compute it, or '' while not a number. */
export function takeConversion(price: string, d: Pick<TakeDraft, 'by' | 'amount'>): string {
  const v = d.amount.trim();
  if (!PLAIN.test(v) || new Decimal(v).lte(0)) return '';
  const places = d.by === 'fiat' ? FLOW_FIAT_DECIMALS : FLOW_COIN_DECIMALS;
  if (new Decimal(v).decimalPlaces() > places) return '';
  return d.by === 'fiat' ? flowCoinOf(v, price) : flowFiatOf(v, price);
}

/** One line of the take's summary (WORD-4): what the customer gives or gets, in fiat or in USDT. */
interface TakeLine {
  key: 'take.youPay' | 'take.youSell' | 'take.youReceive';
  money: 'fiat' | 'coin';
  amount: string;
}

/**
 * The take told from the customer's side (WORD-4), whichever amount they typed: buying, "You pay X CNY / You
 * receive Y USDT"; selling, "You sell Y USDT / You receive X CNY". Empty until the amount converts.
 */
export function takeSummary(side: CustomerSide, d: Pick<TakeDraft, 'by' | 'amount'>, conv: string): TakeLine[] {
  if (!conv) return [];
  const typed = d.amount.trim();
  const fiat = d.by === 'fiat' ? typed : conv;
  const coin = d.by === 'fiat' ? conv : typed;
  return side === 'buy'
    ? [
        { key: 'take.youPay', money: 'fiat', amount: fiat },
        { key: 'take.youReceive', money: 'coin', amount: coin },
      ]
    : [
        { key: 'take.youSell', money: 'coin', amount: coin },
        { key: 'take.youReceive', money: 'fiat', amount: fiat },
      ];
}

export type TakeCheck = { ok: true; amount: string; fiatAmount: string } | { ok: false; rule: RuleText | string };

/**
 * The take form's check: an empty amount asks for one; otherwise `checkFlowTake` with the taker's available USDT
 * and unpaid orders (FLOW-4).
 */
export function checkTake(offer: FlowOffer, d: TakeDraft, ctx: { available: string; openOrders: number }): TakeCheck {
  if (d.amount.trim() === '') return { ok: false, rule: { key: 'rule.enterAmount' } };
  const r = checkFlowTake(offer, d, { ...ctx, self: offer.mine });
  if (r.ok) return { ok: true, ...r.amounts };
  return { ok: false, rule: ruleText(r.msg) ?? r.msg };
}

/** The customer's unpaid orders (FLOW-4 counts them). */
export function unpaidCount(rows: readonly FlowOrder[] | undefined): number {
  return (rows ?? []).filter((o) => o.state === 'unpaid' && !o.asMerchant).length;
}

// ---------------------------------------------------------------------------------------------------------------
// The offer form (FLOWUI-5).

export interface OfferDraft {
  side: FlowSide;
  fiat: FlowFiat;
  price: string;
  amount: string;
  minFiat: string;
  maxFiat: string;
  methods: FlowPayMethod[];
  payWindowMin: number;
  terms: string;
}
export const EMPTY_OFFER: OfferDraft = {
  side: 'sell',
  fiat: 'USD',
  price: '',
  amount: '',
  minFiat: '',
  maxFiat: '',
  methods: ['bank'],
  payWindowMin: 15,
  terms: '',
};

export function offerBodyOf(d: OfferDraft): FlowOfferBody {
  return {
    side: d.side,
    fiat: d.fiat,
    price: d.price.trim(),
    amount: d.amount.trim(),
    minFiat: d.minFiat.trim(),
    maxFiat: d.maxFiat.trim(),
    methods: [...d.methods],
    payWindowMin: d.payWindowMin,
    terms: d.terms.trim(),
  };
}

/** The offer form's first failing rule (FLOW-3), or null; an empty field asks for itself first. */
export function checkOffer(d: OfferDraft, available: string): RuleText | string | null {
  for (const f of ['price', 'amount', 'minFiat', 'maxFiat'] as const)
    if (d[f].trim() === '') return { key: `rule.enter.${f}` };
  if (d.methods.length === 0) return { key: 'rule.chooseMethod' };
  const msg = checkFlowOffer(offerBodyOf(d), available);
  return msg === null ? null : (ruleText(msg) ?? msg);
}

// ---------------------------------------------------------------------------------------------------------------
// One order (FLOWUI-3, FLOWUI-4).

export type StepKey = 'taken' | 'paid' | 'completed' | 'cancelled' | 'expired';
export interface Step {
  key: StepKey;
  at: 'done' | 'current' | 'todo';
}

/** taken -> paid -> completed; a cancelled or expired order ends after the steps it reached. */
export function orderSteps(o: Pick<FlowOrder, 'state' | 'paidAt'>): Step[] {
  switch (o.state) {
    case 'unpaid':
      return [
        { key: 'taken', at: 'done' },
        { key: 'paid', at: 'current' },
        { key: 'completed', at: 'todo' },
      ];
    case 'paid':
      return [
        { key: 'taken', at: 'done' },
        { key: 'paid', at: 'done' },
        { key: 'completed', at: 'current' },
      ];
    case 'completed':
      return [
        { key: 'taken', at: 'done' },
        { key: 'paid', at: 'done' },
        { key: 'completed', at: 'done' },
      ];
    default: {
      const reached: Step[] = [{ key: 'taken', at: 'done' }];
      if (o.paidAt !== null) reached.push({ key: 'paid', at: 'done' });
      reached.push({ key: o.state, at: 'done' });
      return reached;
    }
  }
}

export type OrderAction = 'paid' | 'release' | 'cancel';

/**
 * FLOW rules by role and state: the buyer marks paid or cancels while unpaid; the seller cancels while unpaid
 * and releases once paid; an ended order has none.
 */
export function orderActions(o: Pick<FlowOrder, 'role' | 'state'>): OrderAction[] {
  if (o.state === 'unpaid') return o.role === 'buyer' ? ['paid', 'cancel'] : ['cancel'];
  if (o.state === 'paid') return o.role === 'seller' ? ['release'] : [];
  return [];
}

export function isActive(state: FlowOrderState): boolean {
  return state === 'unpaid' || state === 'paid';
}

/** What the caller waits for, as an i18n key under `order.wait.` (or null when nothing). */
export function waitingFor(o: Pick<FlowOrder, 'role' | 'state'>): string | null {
  if (o.state === 'unpaid') return o.role === 'buyer' ? 'buyerPay' : 'sellerWaitPay';
  if (o.state === 'paid') return o.role === 'buyer' ? 'buyerWaitRelease' : 'sellerCheck';
  return null;
}

/** The time left to pay, "mm:ss" or "h:mm:ss", never below zero. */
export function countdown(payBy: number, now: number): string {
  const s = Math.max(0, Math.floor((payBy - now) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

/** The order id of `/floworder/confirm/:id`, or null. */
export function orderIdOf(v: string | undefined): number | null {
  if (!v || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------------------
// User intents (FLOWUI-6): one Idempotency-Key per intent, kept across reloads.

export const TAKE_INTENT = 'flow-take';
/**
 * Taking `amount` (`by`) of offer `offerId`: the intent's name is this prefix and when it was first sent, so a lost
 * reply's check knows which orders are new; the same take still pending reuses its name, so its key.
 */
export function takeIntentPrefix(offerId: number, by: string, amount: string): string {
  return `${TAKE_INTENT}:${offerId}:${by}:${amount.trim()}:`;
}
export interface PendingTake {
  intent: string;
  offerId: number;
  by: 'fiat' | 'coin';
  amount: string;
  since: number;
}
export function parseTakeIntent(intent: string): PendingTake | null {
  const [head, offerId, by, amount, since] = intent.split(':');
  if (head !== TAKE_INTENT || (by !== 'fiat' && by !== 'coin')) return null;
  return { intent, offerId: Number(offerId), by, amount, since: Number(since) };
}

/** Slack for the device clock running ahead of the server's when matching a lost take. */
export const CLOCK_SLACK_MS = 10 * 60_000;

function same(a: string, b: string): boolean {
  return PLAIN.test(a) && PLAIN.test(b) && new Decimal(a).eq(b);
}

/** The order a lost take made, among the caller's orders: same offer and amount, taken since the intent began. */
export function matchTake(p: PendingTake, rows: readonly FlowOrder[]): FlowOrder | undefined {
  return rows.find(
    (o) =>
      o.offerId === p.offerId &&
      !o.asMerchant &&
      o.createdAt >= p.since - CLOCK_SLACK_MS &&
      same(p.by === 'fiat' ? o.fiatAmount : o.amount, p.amount),
  );
}

/** An order action's intent: one per order and action. */
export function actionIntent(action: OrderAction, id: number): string {
  return `flow-${action}:${id}`;
}

/** Whether an order action's outcome is known from the order: it is no longer offered (done, or moot). */
export function actionSettled(action: OrderAction, o: Pick<FlowOrder, 'role' | 'state'>): boolean {
  return !orderActions(o).includes(action);
}

export const OFFER_INTENT = 'flow-offer';
/** Posting an offer: the intent's name is this prefix (its figures) and when it was first sent. */
export function offerIntentPrefix(b: FlowOfferBody): string {
  return `${OFFER_INTENT}:${b.side}:${b.fiat}:${b.price}:${b.amount}:`;
}
/** The offer a lost post made, among the caller's offers. */
export function matchOffer(intent: string, rows: readonly FlowOffer[]): FlowOffer | undefined {
  const [, side, fiat, price, amount, since] = intent.split(':');
  return rows.find(
    (o) =>
      o.side === side &&
      o.fiat === fiat &&
      same(o.price, price) &&
      o.createdAt >= Number(since) - CLOCK_SLACK_MS &&
      // the offer's available amount falls as it is taken: it was posted with `amount`, so never above it
      PLAIN.test(amount) &&
      new Decimal(o.available).lte(amount),
  );
}
