/**
 * The trading kit's order of a contract mode (second contracts' and options', SECUI-5, OUI-5): sent once per
 * intent through `mutate()` (one Idempotency-Key per intent, kept across reloads; the key doubles as the order's
 * clientOrderId). A reply that never came (timeout, network) is answered by looking for the order by that key,
 * never by sending again; an intent still unanswered after a reload is looked for the same way.
 */
import { ApiError } from '../../../../api/client';
import { completeIntent, mutate, pendingIntentNames } from '../../../../data/mutate';
import { balancesChanged } from '../../../../money/balances';

/** What became of an order whose reply never came. */
export type Lookup<O> =
  | { kind: 'found'; order: O }
  /** Looked for long enough without a trace: the server never made it. */
  | { kind: 'gone' }
  | { kind: 'waiting' };

/** Failures after which nobody knows whether the server made the order. */
function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
}

/** The order's reply never came and the order is not (yet) in the user's list: the screen keeps looking. */
export class OrderUnconfirmed<P> extends Error {
  constructor(
    readonly pending: P,
    message: string,
  ) {
    super(message);
    this.name = 'OrderUnconfirmed';
  }
}

/** The orders of a mode whose outcome is not known yet (stored by intent name; they survive a reload). */
export function storedOrders<P>(prefix: string, parse: (intent: string) => P | null): P[] {
  return pendingIntentNames(prefix)
    .map(parse)
    .filter((p): p is P => p !== null);
}

/**
 * What a look for the lost order of `intent` concludes: found (`order`; the mode's lists `changed`, and the
 * balances), or given up (looked for long enough), the intent is complete; otherwise its key stays for a retry of
 * the same order.
 */
export function concludeLookup<O>(
  intent: string,
  order: O | undefined,
  givenUp: boolean,
  changed: () => void,
): Lookup<O> {
  if (order) {
    completeIntent(intent);
    changed();
    balancesChanged();
    return { kind: 'found', order };
  }
  if (givenUp) {
    completeIntent(intent);
    return { kind: 'gone' };
  }
  return { kind: 'waiting' };
}

/**
 * Sends `pending`'s order once per intent (`send` with the key; it invalidates `queries`). A lost reply is answered
 * by `lookup`; when the order is not there yet, rejects with OrderUnconfirmed (the key stays). Other failures reject
 * with the server's message.
 */
export async function placeOnce<P, O>(p: {
  pending: P;
  intent: string;
  queries: string;
  send: (idempotencyKey: string) => Promise<O>;
  lookup: () => Promise<Lookup<O>>;
}): Promise<O> {
  try {
    const order = await mutate(p.send, { intent: p.intent, invalidates: [p.queries] });
    balancesChanged();
    return order;
  } catch (err) {
    if (!outcomeUnknown(err)) throw err;
    // Never send again: ask what became of it.
    const r = await p.lookup().catch(() => null);
    if (r?.kind === 'found') return r.order;
    throw new OrderUnconfirmed(p.pending, (err as Error).message);
  }
}
