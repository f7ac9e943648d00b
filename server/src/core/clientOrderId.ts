/**
 * PERF-87 (SAFE-28), once for every product that trades on a book: a new order whose row could not be written
 * (a refused check, or the row's UNIQUE (user_id, client_order_id)) may be the retry of an earlier request with
 * the same clientOrderId. That earlier order is the answer when its terms are the same; other terms are refused;
 * without an earlier order the original error stands.
 */
import { ApiFail } from '../http/failures';

export function earlierOrder<O>(
  clientOrderId: string | undefined,
  err: unknown,
  find: (clientOrderId: string) => O | undefined,
  differingTerm: (earlier: O) => string | undefined,
): O {
  const same = clientOrderId ? find(clientOrderId) : undefined;
  if (!same) throw err;
  const term = differingTerm(same);
  if (term)
    throw new ApiFail(
      `clientOrderId ${clientOrderId} is already used by an order with another ${term}: use a new clientOrderId for a new order`,
    );
  return same;
}
