/**
 * Futures orders and position actions on the client (FUI-5, FUI-8): placing one order per intent, learning the
 * outcome of a reply that never came, cancelling, closing a position at market, adjusting its margin and setting
 * its take-profit and stop-loss. Every POST goes through mutate(): one Idempotency-Key per intent, kept in storage
 * until the server has answered.
 *
 * One submission per intent (as spot, TRADE-13): each press of Long or Short is a new intent
 * `futures-order:<ms>:<id>` whose key is also the order's clientOrderId. When the reply is lost the order is never
 * sent again: `contract/order/list?clientOrderId=` is asked, with backoff; an empty answer over the whole window
 * means the server never had it.
 */
import { nanoid } from 'nanoid';
import { futuresApi } from '../../../shared/api/futures';
import type { FuturesOrder, FuturesOrderBody, LossEntry, Position } from '../../../shared/schemas/futures';
import { ApiError, TIMEOUT_MS, call } from '../../api/client';
import { completeIntent, mutate, pendingIntentKey, pendingIntents } from '../../data/mutate';
import { invalidate } from '../../data/queries';
import { queryKey } from '../../data/queryCache';
import { LOOKUP_BACKOFF_MS } from './spotOrders';
import { clock } from '../../time/clock';

/** Every futures query's key starts with this: an answer about an order or a position fetches them all again. */
export const FUTURES_QUERIES = queryKey(['futures']);
export const FUTURES_INTENT_PREFIX = 'futures-order:';

export type FuturesPlaceOutcome =
  | { kind: 'placed'; order: FuturesOrder; recovered: boolean }
  | { kind: 'notPlaced' }
  | { kind: 'unknown'; intent: string };

export type FuturesOrderRequest = Omit<FuturesOrderBody, 'clientOrderId'>;

/** What placing an order needs from the world (replaced in tests). */
export interface FuturesDeps {
  submit(body: FuturesOrderBody, idempotencyKey: string): Promise<FuturesOrder>;
  /** The order of a clientOrderId, or undefined when the server answered it has none. */
  lookup(clientOrderId: string): Promise<FuturesOrder | undefined>;
  sleep(ms: number): Promise<void>;
  now(): number;
  newId(): string;
}

export const defaultFuturesDeps: FuturesDeps = {
  submit: (body, idempotencyKey) => call(futuresApi.submitFuturesOrder, { body, idempotencyKey, silent: true }),
  lookup: async (clientOrderId) => {
    const page = await call(futuresApi.futuresOrderList, {
      query: { clientOrderId, status: 'open', pageNum: 1, pageSize: 1 },
      silent: true,
    });
    if (page.rows[0]) return page.rows[0];
    const done = await call(futuresApi.futuresOrderList, {
      query: { clientOrderId, status: 'history', pageNum: 1, pageSize: 1 },
      silent: true,
    });
    return done.rows[0];
  },
  sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)),
  now: () => clock.now(),
  newId: () => nanoid(10),
};

const UNKNOWN_OUTCOME: readonly string[] = ['timeout', 'network', 'aborted'];
const isUnknownOutcome = (err: unknown) => err instanceof ApiError && UNKNOWN_OUTCOME.includes(err.kind);

/**
 * Places one order (one intent). Resolves with the outcome; rejects with the server's refusal (its message names
 * the rule). `onChecking` is told when the reply was lost and the lookups begin.
 */
export async function placeFuturesOrder(
  req: FuturesOrderRequest,
  opts: { deps?: FuturesDeps; onChecking?: () => void } = {},
): Promise<FuturesPlaceOutcome> {
  const deps = opts.deps ?? defaultFuturesDeps;
  const intent = `${FUTURES_INTENT_PREFIX}${deps.now()}:${deps.newId()}`;
  try {
    const order = await mutate((key) => deps.submit({ ...req, clientOrderId: key }, key), {
      intent,
      invalidates: [FUTURES_QUERIES],
    });
    return { kind: 'placed', order, recovered: false };
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'rate-limited') {
      completeIntent(intent);
      throw err;
    }
    if (!isUnknownOutcome(err)) throw err;
    opts.onChecking?.();
    return resolveFuturesIntent(intent, deps);
  }
}

/**
 * The outcome of an intent whose reply never came: asks for the order by its clientOrderId after each wait of
 * LOOKUP_BACKOFF_MS. Found: placed. The last answer "none": not placed. No answer at all: unknown (ask again).
 */
export async function resolveFuturesIntent(
  intent: string,
  deps: FuturesDeps = defaultFuturesDeps,
): Promise<FuturesPlaceOutcome> {
  const key = pendingIntentKey(intent);
  if (!key) return { kind: 'notPlaced' };
  let answered = false;
  for (const wait of LOOKUP_BACKOFF_MS) {
    await deps.sleep(wait);
    try {
      const order = await deps.lookup(key);
      answered = true;
      if (order) {
        completeIntent(intent);
        invalidate(FUTURES_QUERIES);
        return { kind: 'placed', order, recovered: true };
      }
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'token') throw err;
      answered = false;
    }
  }
  if (answered) {
    completeIntent(intent);
    return { kind: 'notPlaced' };
  }
  return { kind: 'unknown', intent };
}

/** Cancels an open order (its own intent and key). */
export function cancelFuturesOrder(id: number): Promise<FuturesOrder> {
  return mutate(
    (idempotencyKey) => call(futuresApi.cancelFuturesOrder, { query: { id }, idempotencyKey, silent: true }),
    { intent: `futures-cancel:${id}`, invalidates: [FUTURES_QUERIES] },
  );
}

/** Closes a position at market, all of it (`shares` undefined) or part; one intent per dialog confirmation. */
export function closePosition(id: number, shares: string | undefined, intentId: string): Promise<FuturesOrder> {
  return mutate(
    (idempotencyKey) =>
      call(futuresApi.closePosition, {
        query: { id, ...(shares ? { shares } : {}), clientOrderId: idempotencyKey },
        idempotencyKey,
        silent: true,
      }),
    { intent: `futures-close:${id}:${intentId}`, invalidates: [FUTURES_QUERIES] },
  );
}

/** Adds or removes margin; one intent per dialog confirmation. */
export function adjustMargin(id: number, flag: 'add' | 'remove', amount: string, intentId: string): Promise<Position> {
  return mutate(
    (idempotencyKey) =>
      call(futuresApi.adjustMargin, { query: { id, money: amount, flag }, idempotencyKey, silent: true }),
    { intent: `futures-margin:${id}:${intentId}`, invalidates: [FUTURES_QUERIES] },
  );
}

/** Sets (or with null clears) a position's take-profit and stop-loss. */
export function setTpSl(
  positionId: number,
  takeProfit: string | null,
  stopLoss: string | null,
  intentId: string,
): Promise<LossEntry> {
  return mutate(
    (idempotencyKey) =>
      call(futuresApi.setLoss, { body: { positionId, takeProfit, stopLoss }, idempotencyKey, silent: true }),
    { intent: `futures-tpsl:${positionId}:${intentId}`, invalidates: [FUTURES_QUERIES] },
  );
}

/** When an intent was made (from its name), or NaN. */
function intentTime(intent: string): number {
  return Number(intent.slice(FUTURES_INTENT_PREFIX.length).split(':')[0]);
}

let resumed = false;

/**
 * Once per page: the order intents a previous page left unanswered (older than the request timeout, so no tab is
 * still waiting for their reply) are looked up, and `onOutcome` is told each outcome (FUI-8).
 */
export async function resumeFuturesIntents(
  onOutcome: (o: FuturesPlaceOutcome) => void,
  deps: FuturesDeps = defaultFuturesDeps,
): Promise<void> {
  if (resumed) return;
  resumed = true;
  const now = deps.now();
  const stale = pendingIntents(FUTURES_INTENT_PREFIX).filter((i) => {
    const t = intentTime(i);
    return !Number.isFinite(t) || now - t > TIMEOUT_MS + 1000;
  });
  for (const intent of stale) {
    try {
      onOutcome(await resolveFuturesIntent(intent, deps));
    } catch {
      /* signed out: the intent stays for the next sign-in */
    }
  }
}
