/**
 * Flow (P2P) screens' REST data (FLOWUI-*): offers, orders, my offers and the merchant standing through the one
 * client and the keyed query cache; taking, marking paid, releasing, cancelling, posting and closing offers and
 * applying through `mutate()` (one Idempotency-Key per intent, kept across reloads). A lost reply is resolved by
 * asking the server for the status (the order, the orders list, my offers, the merchant standing), never by
 * sending again with a new key (FLOWUI-6).
 */
import { flowApi } from '../../../shared/api/flow';
import type {
  FlowApplyBody,
  FlowFiat,
  FlowMerchant,
  FlowOffer,
  FlowOfferBody,
  FlowOrder,
  FlowPayMethod,
  FlowTakeBody,
} from '../../../shared/schemas/flow';
import { ApiError, call } from '../../api/client';
import { completeIntent, mutate, pendingIntentKey, pendingIntentNames } from '../../data/mutate';
import { invalidate } from '../../data/queries';
import { queryKey } from '../../data/queryCache';
import { useQuery } from '../../data/useQuery';

export { useUid } from '../../state/session';
import { balancesChanged } from '../../money/balances';
import {
  actionIntent,
  actionSettled,
  FLOW_PAGE_SIZE,
  matchOffer,
  matchTake,
  OFFER_INTENT,
  parseTakeIntent,
  offerIntentPrefix,
  TAKE_INTENT,
  takeIntentPrefix,
  type CustomerSide,
  type OrderAction,
  type PendingTake,
} from './model/flow';

/** Every flow query's key starts with this: invalidating it refreshes them all. */
export const FLOW_QUERIES = queryKey(['flow']);

export function useFlowOffers(side: CustomerSide, fiat: FlowFiat | '', method: FlowPayMethod | '', pageNum: number) {
  return useQuery(queryKey(['flow', 'offers', side, fiat, method, pageNum]), (signal) =>
    call(flowApi.flowOffers, {
      query: { side, fiat, method, pageNum, pageSize: FLOW_PAGE_SIZE },
      signal,
      silent: true,
    }),
  );
}

export function useFlowOrders(uid: string, state: 'all' | 'active' | 'ended', pageNum = 1) {
  return useQuery(
    queryKey(['flow', 'orders', uid, state, pageNum]),
    (signal) => call(flowApi.flowOrders, { query: { state, pageNum, pageSize: FLOW_PAGE_SIZE }, signal, silent: true }),
    { enabled: uid !== '' },
  );
}

export function useFlowOrder(uid: string, id: number | null) {
  return useQuery(
    queryKey(['flow', 'order', uid, id ?? 0]),
    (signal) => call(flowApi.flowOrder, { query: { id: id ?? 0 }, signal, silent: true }),
    { enabled: uid !== '' && id !== null },
  );
}

export function useFlowMyOffers(uid: string, enabled: boolean, pageNum = 1) {
  return useQuery(
    queryKey(['flow', 'myOffers', uid, pageNum]),
    (signal) => call(flowApi.flowMyOffers, { query: { pageNum, pageSize: FLOW_PAGE_SIZE }, signal, silent: true }),
    { enabled: uid !== '' && enabled },
  );
}

export function useFlowMerchant(uid: string) {
  return useQuery(
    queryKey(['flow', 'merchant', uid]),
    (signal) => call(flowApi.flowMerchant, { signal, silent: true }),
    {
      enabled: uid !== '',
    },
  );
}

/** A reply that never came: the server may or may not have applied the intent. */
export function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
}

function changed(): void {
  invalidate(FLOW_QUERIES);
  balancesChanged();
}

async function send<T>(intent: string, fn: (key: string) => Promise<T>): Promise<T> {
  const out = await mutate(fn, { intent, invalidates: [FLOW_QUERIES] });
  balancesChanged();
  return out;
}

// --- taking an offer ---------------------------------------------------------------------------------------------

/** The pending take of an offer (a reply that never came, after a reload too), if any. */
export function pendingTakes(offerId?: number): PendingTake[] {
  const prefix = offerId === undefined ? `${TAKE_INTENT}:` : `${TAKE_INTENT}:${offerId}:`;
  return pendingIntentNames(prefix)
    .map(parseTakeIntent)
    .filter((p): p is PendingTake => p !== null);
}

/** The intent of a take: the pending one of the same offer and amount, or a new one. */
export function takeIntent(offerId: number, by: string, amount: string, now: number): string {
  const prefix = takeIntentPrefix(offerId, by, amount);
  return pendingIntentNames(prefix)[0] ?? `${prefix}${now}`;
}

export function sendTake(body: FlowTakeBody, intent: string): Promise<FlowOrder> {
  return send(intent, (idempotencyKey) => call(flowApi.flowTake, { body, idempotencyKey, silent: true }));
}

async function activeOrders(): Promise<FlowOrder[]> {
  const page = await call(flowApi.flowOrders, {
    query: { state: 'active', pageNum: 1, pageSize: 50 },
    silent: true,
  });
  return page.rows;
}

/** After a lost take reply: the order it made, asked of the caller's orders (never by taking again). */
export async function findTake(p: PendingTake): Promise<FlowOrder | undefined> {
  const found = matchTake(p, await activeOrders());
  if (found) {
    completeIntent(p.intent);
    changed();
  }
  return found;
}

// --- one order's actions -----------------------------------------------------------------------------------------

const ACTION_ENDPOINT = {
  paid: flowApi.flowPaid,
  release: flowApi.flowConfirm,
  cancel: flowApi.flowCancel,
} as const;

export function sendAction(action: OrderAction, id: number): Promise<FlowOrder> {
  return send(actionIntent(action, id), (idempotencyKey) =>
    call(ACTION_ENDPOINT[action], { body: { id }, idempotencyKey, silent: true }),
  );
}

/** The actions on order `id` whose reply never came. */
export function pendingActions(id: number): OrderAction[] {
  return (['paid', 'release', 'cancel'] as const).filter((a) => pendingIntentKey(actionIntent(a, id)) !== undefined);
}

/**
 * After a lost reply (or a reload with one pending): ask for the order; an action it no longer offers is settled
 * (it landed, or it is moot) and its intent ends. Returns the order.
 */
export async function settleActions(id: number, order?: FlowOrder): Promise<FlowOrder> {
  const o = order ?? (await call(flowApi.flowOrder, { query: { id }, silent: true }));
  let any = false;
  for (const a of pendingActions(id))
    if (actionSettled(a, o)) {
      completeIntent(actionIntent(a, id));
      any = true;
    }
  if (any && !order) changed();
  return o;
}

// --- offers ------------------------------------------------------------------------------------------------------

/** Offers posted whose reply never came (after a reload too). */
export function pendingOfferIntents(): string[] {
  return pendingIntentNames(`${OFFER_INTENT}:`);
}

/** The intent of posting `body`: the pending one of the same figures, or a new one. */
export function offerIntent(body: FlowOfferBody, now: number): string {
  const prefix = offerIntentPrefix(body);
  return pendingIntentNames(prefix)[0] ?? `${prefix}${now}`;
}

export function sendOffer(body: FlowOfferBody, intent: string): Promise<FlowOffer> {
  return send(intent, (idempotencyKey) => call(flowApi.flowOfferPost, { body, idempotencyKey, silent: true }));
}

async function myOffers(): Promise<FlowOffer[]> {
  return (await call(flowApi.flowMyOffers, { query: { pageNum: 1, pageSize: 50 }, silent: true })).rows;
}

/** After a lost post reply: the offer it made, asked of the caller's offers. */
export async function findOffer(intent: string): Promise<FlowOffer | undefined> {
  const found = matchOffer(intent, await myOffers());
  if (found) {
    completeIntent(intent);
    changed();
  }
  return found;
}

const closeIntent = (id: number) => `flow-close:${id}`;

export function sendClose(id: number): Promise<FlowOffer> {
  return send(closeIntent(id), (idempotencyKey) =>
    call(flowApi.flowOfferClose, { body: { id }, idempotencyKey, silent: true }),
  );
}

/** After a lost close reply: is the offer closed? Asked of the caller's offers. */
export async function closeLanded(id: number): Promise<boolean> {
  const o = (await myOffers()).find((x) => x.id === id);
  const closed = !o || o.status === 'closed';
  if (closed) {
    completeIntent(closeIntent(id));
    changed();
  }
  return closed;
}

// --- the merchant programme --------------------------------------------------------------------------------------

const APPLY_INTENT = 'flow-apply';

export function sendApply(body: FlowApplyBody): Promise<FlowMerchant> {
  return send(APPLY_INTENT, (idempotencyKey) => call(flowApi.flowApply, { body, idempotencyKey, silent: true }));
}

/** After a lost apply reply: the caller's standing, asked of the server. */
export async function applyLanded(): Promise<boolean> {
  const m = await call(flowApi.flowMerchant, { silent: true });
  const landed = m.state !== 'none';
  if (landed) {
    completeIntent(APPLY_INTENT);
    changed();
  }
  return landed;
}
