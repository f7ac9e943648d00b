/**
 * Futures orders and position actions on the client (FUI-5, FUI-8): placing one order per intent, learning the
 * outcome of a reply that never came, cancelling, closing a position at market, adjusting its margin and setting
 * its take-profit and stop-loss. Every POST goes through mutate(): one Idempotency-Key per intent, kept in storage
 * until the server has answered.
 *
 * One submission per intent (orderIntents.ts, as spot, TRADE-13): each press of Long or Short is a new intent
 * `futures-order:<ms>:<id>` whose key is also the order's clientOrderId. When the reply is lost the order is never
 * sent again: `contract/order/list?clientOrderId=` is asked, with backoff; an empty answer at the end of the window
 * means the server never had it.
 */
import { nanoid } from 'nanoid';
import { futuresApi } from '../../../shared/api/futures';
import type { FuturesOrder, FuturesOrderBody, LossEntry, Position } from '../../../shared/schemas/futures';
import { call } from '../../api/client';
import { mutate } from '../../data/mutate';
import { queryKey } from '../../data/queryCache';
import { clock } from '../../time/clock';
import { orderIntents, type IntentDeps } from './orderIntents';

/** Every futures query's key starts with this: an answer about an order or a position fetches them all again. */
export const FUTURES_QUERIES = queryKey(['futures']);
export const FUTURES_INTENT_PREFIX = 'futures-order:';

/** What placing an order needs from the world (replaced in tests). */
export type FuturesDeps = IntentDeps<FuturesOrderBody, FuturesOrder>;

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

const intents = orderIntents<FuturesOrderBody, FuturesOrder>({
  prefix: FUTURES_INTENT_PREFIX,
  queries: FUTURES_QUERIES,
  deps: defaultFuturesDeps,
});

/** Places one futures order, one intent (orderIntents.ts). */
export const placeFuturesOrder = intents.place;
/** The outcome of a futures intent whose reply never came (orderIntents.ts). */
export const resolveFuturesIntent = intents.resolve;

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

/** Once per page: the order intents a previous page left unanswered are looked up (FUI-8, orderIntents.ts). */
export const resumeFuturesIntents = intents.resume;
