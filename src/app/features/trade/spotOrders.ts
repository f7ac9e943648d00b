/**
 * Spot orders on the client (TRADE-13, TRADE-14): placing one order per intent, learning the outcome of a reply
 * that never came, cancelling.
 *
 * One submission per intent (orderIntents.ts): each press of Buy or Sell is a new intent `spot-order:<ms>:<id>`
 * whose key is also the order's `clientOrderId`; a lost reply is answered by asking `currency/order/byClientId`,
 * with backoff, never by sending again.
 *
 * The lists (open orders, history, fills) are in spotLists.ts.
 */
import { nanoid } from 'nanoid';
import { tradingApi } from '../../../shared/api/trading';
import type { SpotOrder, SpotOrderBody } from '../../../shared/schemas/trading';
import { ApiError, call } from '../../api/client';
import { mutate } from '../../data/mutate';
import { queryKey } from '../../data/queryCache';
import { clock } from '../../time/clock';
import { orderIntents, type IntentDeps, type PlaceOutcome as Outcome } from './orderIntents';

/** Every spot query's key starts with this: an answer about an order fetches them all again. */
export const SPOT_QUERIES = queryKey(['spot']);
export const SPOT_INTENT_PREFIX = 'spot-order:';

export type PlaceOutcome = Outcome<SpotOrder>;

export type OrderRequest = Omit<SpotOrderBody, 'clientOrderId'>;

/** What placing an order needs from the world (replaced in tests); `lookup` rejects when there is no such order. */
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

/** Spot's lookup answers "no such order" with a refusal (a business error): undefined for the intents. */
function intentDeps(d: SpotDeps): IntentDeps<SpotOrderBody, SpotOrder> {
  return {
    ...d,
    lookup: (clientOrderId) =>
      d.lookup(clientOrderId).catch((err: unknown) => {
        if (err instanceof ApiError && err.kind === 'business') return undefined;
        throw err;
      }),
  };
}

const intents = orderIntents<SpotOrderBody, SpotOrder>({
  prefix: SPOT_INTENT_PREFIX,
  queries: SPOT_QUERIES,
  deps: intentDeps(defaultSpotDeps),
});

/** Places one spot order, one intent (orderIntents.ts). */
export function placeSpotOrder(
  req: OrderRequest,
  opts: { deps?: SpotDeps; onChecking?: () => void } = {},
): Promise<PlaceOutcome> {
  return intents.place(req, { onChecking: opts.onChecking, deps: opts.deps && intentDeps(opts.deps) });
}

/** The outcome of a spot intent whose reply never came (orderIntents.ts). */
export function resolveSpotIntent(intent: string, deps: SpotDeps = defaultSpotDeps): Promise<PlaceOutcome> {
  return intents.resolve(intent, intentDeps(deps));
}

/** Spot intents unanswered for longer than the request timeout (orderIntents.ts). */
export const staleSpotIntents = intents.stale;

/** Once per page: resolves the spot intents a previous page left unanswered (orderIntents.ts). */
export function resumeSpotIntents(
  onOutcome: (o: PlaceOutcome) => void,
  deps: SpotDeps = defaultSpotDeps,
): Promise<void> {
  return intents.resume(onOutcome, intentDeps(deps));
}

/** Cancels an open order: its own intent (its own key), so a retried cancel is applied once. */
export async function cancelSpotOrder(id: number): Promise<SpotOrder> {
  return mutate((idempotencyKey) => call(tradingApi.cancelSpotOrder, { query: { id }, idempotencyKey, silent: true }), {
    intent: `spot-cancel:${id}`,
    invalidates: [SPOT_QUERIES],
  });
}
