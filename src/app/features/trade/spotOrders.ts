/**
 * Spot orders on the client (TRADE-13, TRADE-14): placing one order per intent, learning the outcome of a reply
 * that never came, cancelling.
 *
 * One submission per intent: each press of Buy or Sell is a new intent `spot-order:<ms>:<id>`; its
 * Idempotency-Key, kept in storage by mutate() until the server has answered, is also the order's
 * `clientOrderId`. When the reply is lost (timeout, network), the order is never sent again: its status is asked
 * with `currency/order/byClientId`, with backoff. A page opened while an intent is still unanswered asks the
 * same (`resumeSpotIntents`). When every lookup over the backoff window says the server has no such order, the
 * intent is taken as never received and ended (TRADE-13's Decision).
 *
 * The lists (open orders, history, fills) are in spotLists.ts.
 */
import { nanoid } from 'nanoid';
import { tradingApi } from '../../../shared/api/trading';
import type { SpotOrder, SpotOrderBody } from '../../../shared/schemas/trading';
import { ApiError, TIMEOUT_MS, call } from '../../api/client';
import { completeIntent, mutate, pendingIntentKey, pendingIntents } from '../../data/mutate';
import { invalidate } from '../../data/queries';
import { queryKey } from '../../data/queryCache';
import { clock } from '../../time/clock';

/** Every spot query's key starts with this: an answer about an order fetches them all again. */
export const SPOT_QUERIES = queryKey(['spot']);
export const SPOT_INTENT_PREFIX = 'spot-order:';
/** Waits between the lookups of an order whose reply was lost: about 30 s in all. */
export const LOOKUP_BACKOFF_MS: readonly number[] = [500, 1000, 2000, 4000, 8000, 15000];

export type PlaceOutcome =
  /** The server has the order (`recovered`: learnt by lookup, the reply itself was lost). */
  | { kind: 'placed'; order: SpotOrder; recovered: boolean }
  /** The reply was lost and the server has no such order after the whole window: nothing was placed. */
  | { kind: 'notPlaced' }
  /** The reply was lost and the server could not be asked: the intent stays, to be asked again. */
  | { kind: 'unknown'; intent: string };

export type OrderRequest = Omit<SpotOrderBody, 'clientOrderId'>;

/** What placing an order needs from the world (replaced in tests). */
export interface SpotDeps {
  submit(body: SpotOrderBody, idempotencyKey: string): Promise<SpotOrder>;
  lookup(clientOrderId: string): Promise<SpotOrder>;
  sleep(ms: number): Promise<void>;
  now(): number;
  newId(): string;
}

export const defaultSpotDeps: SpotDeps = {
  submit: (body, idempotencyKey) => call(tradingApi.submitSpotOrder, { body, idempotencyKey, silent: true }),
  lookup: (clientOrderId) => call(tradingApi.spotOrderByClientId, { query: { clientOrderId }, silent: true }),
  sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)),
  now: () => clock.now(),
  newId: () => nanoid(10),
};

/** Failures after which it is unknown whether the server applied the order. */
const UNKNOWN_OUTCOME: readonly string[] = ['timeout', 'network', 'aborted'];

function isUnknownOutcome(err: unknown): boolean {
  return err instanceof ApiError && UNKNOWN_OUTCOME.includes(err.kind);
}

/** The server answered the lookup that it has no such order (as opposed to not answering at all). */
function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'business';
}

/**
 * Places one order (one intent). Resolves with the outcome; rejects with the server's refusal (an ApiError
 * whose message names the rule) when the server answered no. `onChecking` is told when the reply was lost and
 * the lookups begin.
 */
export async function placeSpotOrder(
  req: OrderRequest,
  opts: { deps?: SpotDeps; onChecking?: () => void } = {},
): Promise<PlaceOutcome> {
  const deps = opts.deps ?? defaultSpotDeps;
  const intent = `${SPOT_INTENT_PREFIX}${deps.now()}:${deps.newId()}`;
  try {
    const order = await mutate((key) => deps.submit({ ...req, clientOrderId: key }, key), {
      intent,
      invalidates: [SPOT_QUERIES],
    });
    return { kind: 'placed', order, recovered: false };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'rate-limited') {
      // Refused before it reached the order book: nothing was placed, and this intent is over.
      completeIntent(intent);
      throw err;
    }
    if (!isUnknownOutcome(err)) throw err;
    opts.onChecking?.();
    return resolveSpotIntent(intent, deps);
  }
}

/**
 * The outcome of an intent whose reply never came: asks for the order by its clientOrderId (the intent's key)
 * after each wait of LOOKUP_BACKOFF_MS. Found: the intent ends, placed. The last answer "no such order": the
 * intent ends, not placed. No answer at all at the end: unknown, the intent stays for a later ask.
 */
export async function resolveSpotIntent(intent: string, deps: SpotDeps = defaultSpotDeps): Promise<PlaceOutcome> {
  const key = pendingIntentKey(intent);
  if (!key) return { kind: 'notPlaced' };
  let lastNotFound = false;
  for (const wait of LOOKUP_BACKOFF_MS) {
    await deps.sleep(wait);
    try {
      const order = await deps.lookup(key);
      completeIntent(intent);
      invalidate(SPOT_QUERIES);
      return { kind: 'placed', order, recovered: true };
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'token') throw err;
      lastNotFound = isNotFound(err);
    }
  }
  if (lastNotFound) {
    completeIntent(intent);
    return { kind: 'notPlaced' };
  }
  return { kind: 'unknown', intent };
}

/** When an intent was made (from its name), or NaN. */
function intentTime(intent: string): number {
  return Number(intent.slice(SPOT_INTENT_PREFIX.length).split(':')[0]);
}

/**
 * Intents of this browser still unanswered and old enough that no tab can be waiting for their reply any more
 * (older than the request timeout): a page opened after a lost reply resolves them.
 */
export function staleSpotIntents(now: number): string[] {
  return pendingIntents(SPOT_INTENT_PREFIX).filter((i) => {
    const t = intentTime(i);
    return !Number.isFinite(t) || now - t > TIMEOUT_MS + 1000;
  });
}

let resumed = false;

/**
 * Once per page: resolves the intents a previous page left unanswered, telling `onOutcome` each outcome (shown to
 * the user). Later calls do nothing.
 */
export async function resumeSpotIntents(
  onOutcome: (o: PlaceOutcome) => void,
  deps: SpotDeps = defaultSpotDeps,
): Promise<void> {
  if (resumed) return;
  resumed = true;
  for (const intent of staleSpotIntents(deps.now())) {
    try {
      onOutcome(await resolveSpotIntent(intent, deps));
    } catch {
      /* signed out: the intent stays for the next sign-in */
    }
  }
}

/** Cancels an open order: its own intent (its own key), so a retried cancel is applied once. */
export async function cancelSpotOrder(id: number): Promise<SpotOrder> {
  return mutate((idempotencyKey) => call(tradingApi.cancelSpotOrder, { query: { id }, idempotencyKey, silent: true }), {
    intent: `spot-cancel:${id}`,
    invalidates: [SPOT_QUERIES],
  });
}
