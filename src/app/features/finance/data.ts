/**
 * The finance screens' REST data (FINUI rules): products, holdings, summary and history through the one client
 * and the keyed query cache; subscribing, redeeming and auto-renewal through mutate() (one Idempotency-Key per
 * intent, kept across reloads). A lost reply is resolved by asking the holdings list, never by sending again with
 * a new key (FINUI-8).
 */
import { financeApi } from '../../../shared/api/finance';
import type { FinanceHolding, FinanceKind, FinanceProduct, FinanceRedeemResult } from '../../../shared/schemas/finance';
import { ApiError, call } from '../../api/client';
import { completeIntent, mutate, pendingIntentNames } from '../../data/mutate';
import { invalidate } from '../../data/queries';
import { queryKey } from '../../data/queryCache';
import { useQuery } from '../../data/useQuery';
import { languageState } from '../../i18n/index';
import { useSnapshot } from 'valtio';
import { balancesChanged } from '../../money/balances';

/** Every finance query key starts with this. */
export const FINANCE_QUERIES = queryKey(['finance']);
export const HISTORY_PAGE_SIZE = 20;
export const HOLDINGS_PAGE_SIZE = 50;

/** The language the server names products in (OPC-5): a key part, so a change of language fetches again. */
const useLang = () => useSnapshot(languageState).language;

export function useFinanceProducts(kind?: FinanceKind) {
  const lang = useLang();
  return useQuery(queryKey(['finance', 'products', kind ?? '', lang]), (signal) =>
    call(financeApi.financeProducts, { query: kind ? { kind } : {}, signal, silent: true }),
  );
}

export function useFinanceProduct(id: number) {
  const lang = useLang();
  return useQuery(
    queryKey(['finance', 'product', id, lang]),
    (signal) => call(financeApi.financeProduct, { query: { id }, signal, silent: true }),
    { enabled: Number.isInteger(id) && id > 0 },
  );
}

export function useFinanceHoldings(uid: string, status: 'active' | 'ended', pageNum = 1) {
  const lang = useLang();
  return useQuery(
    queryKey(['finance', 'holdings', uid, status, pageNum, lang]),
    (signal) =>
      call(financeApi.financeHoldings, {
        query: { status, pageNum, pageSize: HOLDINGS_PAGE_SIZE },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}

export function useFinanceSummary(uid: string) {
  return useQuery(
    queryKey(['finance', 'summary', uid]),
    (signal) => call(financeApi.financeSummary, { signal, silent: true }),
    { enabled: uid !== '' },
  );
}

export function useFinanceHistory(uid: string, pageNum: number) {
  const lang = useLang();
  return useQuery(
    queryKey(['finance', 'history', uid, pageNum, lang]),
    (signal) =>
      call(financeApi.financeHistory, {
        query: { pageNum, pageSize: HISTORY_PAGE_SIZE },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}

/** A reply that never came: the server may or may not have applied the intent. */
export function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
}

function changed(): void {
  invalidate(FINANCE_QUERIES);
  balancesChanged();
}

const SUB = 'finance-subscribe';

/**
 * The intent of subscribing `amount` to product `productId`: the name carries when it was first sent, so a lost
 * reply's check knows which holdings are new; the same product, amount and switch still pending reuse their name
 * (and so their key: the server applies it at most once).
 */
export function subscribeIntent(productId: number, amount: string, autoRenew: boolean, now: number): string {
  const prefix = `${SUB}:${productId}:${amount}:${autoRenew ? 1 : 0}:`;
  return pendingIntentNames(prefix)[0] ?? `${prefix}${now}`;
}

export interface PendingSubscription {
  intent: string;
  productId: number;
  amount: string;
  since: number;
}

/** The subscriptions of product `productId` whose reply never came (after a reload too). */
export function pendingSubscriptions(productId: number): PendingSubscription[] {
  return pendingIntentNames(`${SUB}:${productId}:`).map((intent) => {
    const [, , amount, , since] = intent.split(':');
    return { intent, productId, amount, since: Number(since) };
  });
}

export async function sendSubscribe(
  productId: number,
  amount: string,
  autoRenew: boolean,
  intent: string,
): Promise<FinanceHolding> {
  const done = await mutate(
    (idempotencyKey) =>
      call(financeApi.financeSubscribe, { body: { productId, amount, autoRenew }, idempotencyKey, silent: true }),
    { intent, invalidates: [FINANCE_QUERIES] },
  );
  balancesChanged();
  return done;
}

/** Slack for the device clock running ahead of the server's when matching a lost subscription. */
const CLOCK_SLACK_MS = 10 * 60_000;

/**
 * After a lost reply: is the subscription among the active holdings (same product and principal, made since the
 * intent began)? Asked of the holdings list, never by subscribing again. Found: the intent is complete.
 */
export async function findSubscription(p: PendingSubscription): Promise<FinanceHolding | undefined> {
  const page = await call(financeApi.financeHoldings, {
    query: { status: 'active', pageNum: 1, pageSize: HOLDINGS_PAGE_SIZE },
    silent: true,
  });
  const found = page.rows.find(
    (h) =>
      h.productId === p.productId && sameAmount(h.principal, p.amount) && h.subscribedAt >= p.since - CLOCK_SLACK_MS,
  );
  if (found) {
    completeIntent(p.intent);
    changed();
  }
  return found;
}

function sameAmount(a: string, b: string): boolean {
  const n = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  return n(a) === n(b);
}

/** Redeems a whole holding once (the holding is the intent). */
export async function sendRedeem(holdingId: number): Promise<FinanceRedeemResult> {
  const done = await mutate(
    (idempotencyKey) => call(financeApi.financeRedeem, { body: { holdingId }, idempotencyKey, silent: true }),
    { intent: `finance-redeem:${holdingId}`, invalidates: [FINANCE_QUERIES] },
  );
  balancesChanged();
  return done;
}

/** After a lost redemption reply: the holding is no longer active. Asked of the holdings list. */
export async function redeemLanded(holdingId: number): Promise<boolean> {
  const page = await call(financeApi.financeHoldings, {
    query: { status: 'active', pageNum: 1, pageSize: HOLDINGS_PAGE_SIZE },
    silent: true,
  });
  const gone = !page.rows.some((h) => h.id === holdingId);
  if (gone) {
    completeIntent(`finance-redeem:${holdingId}`);
    changed();
  }
  return gone;
}

export async function sendAutoRenew(holdingId: number, autoRenew: boolean): Promise<FinanceHolding> {
  return mutate(
    (idempotencyKey) =>
      call(financeApi.financeAutoRenew, { body: { holdingId, autoRenew }, idempotencyKey, silent: true }),
    { intent: `finance-autorenew:${holdingId}:${autoRenew ? 1 : 0}`, invalidates: [FINANCE_QUERIES] },
  );
}

/** The early-redemption rule of each product, by id (the holdings list shows the rule of its product). */
export function rulesById(products: readonly FinanceProduct[] | undefined): Map<number, FinanceProduct> {
  return new Map((products ?? []).map((p) => [p.id, p]));
}
