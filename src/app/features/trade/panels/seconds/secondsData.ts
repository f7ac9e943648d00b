/**
 * The second-contract panel's REST data (SECUI-*): periods, the user's open and settled contracts through the
 * keyed query cache, and the order through `mutate()` (one Idempotency-Key per intent, kept across reloads).
 * A reply that never came (timeout, network) is answered by asking selectOrderList for the order by its client
 * id (the intent's key, SEC-13), never by sending again (SECUI-5); an intent still unanswered after a reload is
 * looked for the same way.
 */
import { tradingApi } from '../../../../../shared/api/trading';
import type { SecondDirection, SecondOrder } from '../../../../../shared/schemas/trading';
import { call } from '../../../../api/client';
import { intentKey } from '../../../../data/mutate';
import { invalidate } from '../../../../data/queries';
import { queryKey } from '../../../../data/queryCache';
import { useQuery } from '../../../../data/useQuery';
import { concludeLookup, placeOnce, storedOrders, type Lookup } from '../../components/kit/contractOrders';
import {
  findLostOrder,
  intentName,
  LOST_ORDER_GIVE_UP_MS,
  parseIntent,
  SECOND_INTENT_PREFIX,
  sameOrder,
  type PendingSecond,
} from './model/seconds';

/** The contract lists' keys start with this: invalidating it refreshes both. */
const CONTRACT_QUERIES = queryKey(['seconds', 'orders']);

/** Contracts fetched as "open" at most (a user with more sees the newest). */
export const OPEN_PAGE_SIZE = 100;
/** Settled contracts per page (SECUI-8). */
export const SETTLED_PAGE_SIZE = 10;
/** Contracts read when looking for an order whose reply was lost. */
const LOOKUP_PAGE_SIZE = 50;

export function usePeriods(symbol: string) {
  return useQuery(queryKey(['seconds', 'periods', symbol]), (signal) =>
    call(tradingApi.periodList, { body: { symbol }, signal, silent: true }),
  );
}

export function useOpenSeconds(uid: string) {
  return useQuery(
    queryKey(['seconds', 'orders', 'open', uid]),
    (signal) =>
      call(tradingApi.selectSecondOrders, {
        body: { status: 'open', pageNum: 1, pageSize: OPEN_PAGE_SIZE },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}

export function useSettledSeconds(uid: string, page: number) {
  return useQuery(
    queryKey(['seconds', 'orders', 'settled', uid, page]),
    (signal) =>
      call(tradingApi.secondRecords, {
        query: { pageNum: page, pageSize: SETTLED_PAGE_SIZE },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}

/** The contract lists changed on the server (a push, an order): fetch every shown one again. */
export function contractsChanged(): void {
  invalidate(CONTRACT_QUERIES);
}

export interface SecondOrderRequest {
  symbol: string;
  direction: SecondDirection;
  /** Canonical stake (checkAmount's). */
  amount: string;
  periodId: number;
}

/** Submissions whose outcome is not known yet (stored with their key; they survive a reload). */
export const pendingSeconds = (): PendingSecond[] => storedOrders(SECOND_INTENT_PREFIX, parseIntent);

/**
 * What became of a submission whose reply never came: asked of selectOrderList (SECUI-5). Found or given up,
 * the intent is complete; otherwise its key stays for a retry of the same order. Rejects when the list itself
 * could not be read (nothing is concluded then).
 */
export async function resolvePending(p: PendingSecond, localNow: number): Promise<Lookup<SecondOrder>> {
  const intent = intentName(p);
  const clientOrderId = intentKey(intent);
  const page = await call(tradingApi.selectSecondOrders, {
    body: { symbol: p.symbol, pageNum: 1, pageSize: LOOKUP_PAGE_SIZE },
    silent: true,
  });
  // By its client id; an order an older page placed without one is recognised by its fields.
  const order = page.rows.find((o) => o.clientOrderId === clientOrderId) ?? findLostOrder(page.rows, p);
  return concludeLookup(intent, order, localNow - p.at > LOST_ORDER_GIVE_UP_MS, contractsChanged);
}

/**
 * Places a second contract once per intent (SECUI-5). Confirming the same pair, direction, stake and period
 * while an earlier submission of it is still unanswered sends that submission's key again (the server answers
 * it at most once). A lost reply is answered by looking for the order; when it is not there yet, rejects with
 * OrderUnconfirmed (the key stays). Other failures reject with the server's message.
 */
export function placeSecondOrder(
  req: SecondOrderRequest,
  ctx: { afterId: number; since: number; at: number },
): Promise<SecondOrder> {
  const pending: PendingSecond = pendingSeconds().find((q) => sameOrder(q, req)) ?? {
    symbol: req.symbol.toLowerCase(),
    direction: req.direction,
    amount: req.amount,
    periodId: req.periodId,
    ...ctx,
  };
  const body = {
    symbol: pending.symbol,
    direction: pending.direction,
    amount: pending.amount,
    periodId: pending.periodId,
  };
  return placeOnce({
    pending,
    intent: intentName(pending),
    queries: CONTRACT_QUERIES,
    // The key doubles as the order's client id (SEC-13): a lost reply is looked up by it.
    send: (idempotencyKey) =>
      call(tradingApi.createSecondOrder, {
        body: { ...body, clientOrderId: idempotencyKey },
        idempotencyKey,
        silent: true,
      }),
    lookup: () => resolvePending(pending, ctx.at),
  });
}
