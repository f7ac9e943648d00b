/**
 * One submission per intent, for every mode that places orders on a book (spot TRADE-13, futures FUI-8): each press
 * of the order button is a new intent `<prefix><ms>:<id>`; its Idempotency-Key, kept in storage by mutate() until
 * the server has answered, is also the order's `clientOrderId`. When the reply is lost (timeout, network), the
 * order is never sent again: it is asked for by its clientOrderId, with backoff. A page opened while an intent is
 * still unanswered asks the same (`resume`). When the last lookup of the backoff window says the server has no such
 * order, the intent is taken as never received and ended (TRADE-13's Decision). Each mode gives its prefix, its
 * queries and how it submits and looks up.
 */
import { ApiError, TIMEOUT_MS } from '../../api/client';
import { completeIntent, mutate, pendingIntentKey, pendingIntents } from '../../data/mutate';
import { invalidate } from '../../data/queries';

/** Waits between the lookups of an order whose reply was lost: about 30 s in all. */
export const LOOKUP_BACKOFF_MS: readonly number[] = [500, 1000, 2000, 4000, 8000, 15000];

export type PlaceOutcome<Order> =
  /** The server has the order (`recovered`: learnt by lookup, the reply itself was lost). */
  | { kind: 'placed'; order: Order; recovered: boolean }
  /** The reply was lost and the server has no such order after the whole window: nothing was placed. */
  | { kind: 'notPlaced' }
  /** The reply was lost and the server could not be asked: the intent stays, to be asked again. */
  | { kind: 'unknown'; intent: string };

/** What placing an order needs from the world (replaced in tests). */
export interface IntentDeps<Body, Order> {
  submit(body: Body, idempotencyKey: string): Promise<Order>;
  /** The order of a clientOrderId, or undefined when the server answered it has none; throws when not answered. */
  lookup(clientOrderId: string): Promise<Order | undefined>;
  sleep(ms: number): Promise<void>;
  now(): number;
  newId(): string;
}

/** Failures after which it is unknown whether the server applied the order. */
const UNKNOWN_OUTCOME: readonly string[] = ['timeout', 'network', 'aborted'];

function isUnknownOutcome(err: unknown): boolean {
  return err instanceof ApiError && UNKNOWN_OUTCOME.includes(err.kind);
}

export interface OrderIntents<Body, Order> {
  /**
   * Places one order (one intent). Resolves with the outcome; rejects with the server's refusal (an ApiError whose
   * message names the rule) when the server answered no. `onChecking` is told when the reply was lost and the
   * lookups begin.
   */
  place(
    req: Omit<Body, 'clientOrderId'>,
    opts?: { deps?: IntentDeps<Body, Order>; onChecking?: () => void },
  ): Promise<PlaceOutcome<Order>>;
  /**
   * The outcome of an intent whose reply never came: asks for the order by its clientOrderId (the intent's key)
   * after each wait of LOOKUP_BACKOFF_MS. Found: the intent ends, placed. The last answer "no such order": the
   * intent ends, not placed. No answer at all at the end: unknown, the intent stays for a later ask.
   */
  resolve(intent: string, deps?: IntentDeps<Body, Order>): Promise<PlaceOutcome<Order>>;
  /**
   * Intents of this browser still unanswered and old enough that no tab can be waiting for their reply any more
   * (older than the request timeout): a page opened after a lost reply resolves them.
   */
  stale(now: number): string[];
  /**
   * Once per page: resolves the intents a previous page left unanswered, telling `onOutcome` each outcome (shown
   * to the user). Later calls do nothing.
   */
  resume(onOutcome: (o: PlaceOutcome<Order>) => void, deps?: IntentDeps<Body, Order>): Promise<void>;
}

export function orderIntents<Body extends { clientOrderId?: string }, Order>(mode: {
  prefix: string;
  /** Every query of the mode's orders: an answer about an order fetches them again. */
  queries: string;
  deps: IntentDeps<Body, Order>;
}): OrderIntents<Body, Order> {
  const { prefix, queries } = mode;

  const resolve = async (intent: string, deps = mode.deps): Promise<PlaceOutcome<Order>> => {
    const key = pendingIntentKey(intent);
    if (!key) return { kind: 'notPlaced' };
    let lastNone = false;
    for (const wait of LOOKUP_BACKOFF_MS) {
      await deps.sleep(wait);
      try {
        const order = await deps.lookup(key);
        lastNone = order === undefined;
        if (order !== undefined) {
          completeIntent(intent);
          invalidate(queries);
          return { kind: 'placed', order, recovered: true };
        }
      } catch (err) {
        if (err instanceof ApiError && err.kind === 'token') throw err;
        lastNone = false;
      }
    }
    if (lastNone) {
      completeIntent(intent);
      return { kind: 'notPlaced' };
    }
    return { kind: 'unknown', intent };
  };

  const place: OrderIntents<Body, Order>['place'] = async (req, opts = {}) => {
    const deps = opts.deps ?? mode.deps;
    const intent = `${prefix}${deps.now()}:${deps.newId()}`;
    try {
      const order = await mutate((key) => deps.submit({ ...req, clientOrderId: key } as Body, key), {
        intent,
        invalidates: [queries],
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
      return resolve(intent, deps);
    }
  };

  /** When an intent was made (from its name), or NaN. */
  const intentTime = (intent: string) => Number(intent.slice(prefix.length).split(':')[0]);

  const stale = (now: number) =>
    pendingIntents(prefix).filter((i) => {
      const t = intentTime(i);
      return !Number.isFinite(t) || now - t > TIMEOUT_MS + 1000;
    });

  let resumed = false;
  const resume: OrderIntents<Body, Order>['resume'] = async (onOutcome, deps = mode.deps) => {
    if (resumed) return;
    resumed = true;
    for (const intent of stale(deps.now())) {
      try {
        onOutcome(await resolve(intent, deps));
      } catch {
        /* signed out: the intent stays for the next sign-in */
      }
    }
  };

  return { place, resolve, stale, resume };
}
