/**
 * The options screen's REST data (OUI-*): the chain (fetched again every few seconds while the page is visible,
 * never per tick), the firm quote, the user's open and settled options through the keyed query cache, and the
 * purchase through `mutate()` (one Idempotency-Key per intent, kept across reloads; the key doubles as the
 * clientOrderId). A reply that never came (timeout, network) is answered by asking optionOrderList for that
 * clientOrderId, never by sending again (OUI-5); an intent still unanswered after a reload is looked up the same way.
 */
import { useSyncExternalStore } from 'react';
import { optionsApi } from '../../../../../shared/api/options';
import type { OptionOrder, OptionQuote, OptionQuoteBody } from '../../../../../shared/schemas/options';
import { ApiError, call } from '../../../../api/client';
import { completeIntent, intentKey, mutate, pendingIntentNames } from '../../../../data/mutate';
import { invalidate } from '../../../../data/queries';
import { queryKey } from '../../../../data/queryCache';
import { useQuery } from '../../../../data/useQuery';
import { balancesChanged } from '../../../../money/balances';
import {
  LOST_OPTION_GIVE_UP_MS,
  OPTION_INTENT_PREFIX,
  optionIntentName,
  parseOptionIntent,
  type PendingOption,
} from './model/options';

/** The chain is fetched again this often while shown and the page is visible (OUI-2). */
export const CHAIN_REFRESH_MS = 5_000;
/** Open options fetched at most (a user with more sees the newest). */
export const OPEN_PAGE_SIZE = 100;
/** Settled options per page (OUI-7). */
export const SETTLED_PAGE_SIZE = 10;

/** The option lists' keys start with this: invalidating it refreshes both. */
const ORDER_QUERIES = queryKey(['options', 'orders']);

function subscribeVisibility(onChange: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Whether the page is visible (a hidden tab stops refreshing the chain). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

export function useOptionChain(symbol: string) {
  const visible = usePageVisible();
  return useQuery(
    queryKey(['options', 'chain', symbol]),
    (signal) => call(optionsApi.optionChain, { query: { symbol }, signal, silent: true }),
    { refreshMs: visible ? CHAIN_REFRESH_MS : 0, enabled: symbol !== '' },
  );
}

export function useOpenOptions(uid: string) {
  return useQuery(
    queryKey(['options', 'orders', 'open', uid]),
    (signal) =>
      call(optionsApi.optionOrderList, {
        query: { status: 'open', pageNum: 1, pageSize: OPEN_PAGE_SIZE },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}

export function useSettledOptions(uid: string, page: number) {
  return useQuery(
    queryKey(['options', 'orders', 'settled', uid, page]),
    (signal) =>
      call(optionsApi.optionOrderList, {
        query: { status: 'settled', pageNum: page, pageSize: SETTLED_PAGE_SIZE },
        signal,
        silent: true,
      }),
    { enabled: uid !== '' },
  );
}

/** The option lists changed on the server (a push, a purchase): fetch every shown one again. */
export function optionsChanged(): void {
  invalidate(ORDER_QUERIES);
}

/** A firm quote for one option (OUI-4); rejects with the server's message. */
export function requestQuote(body: OptionQuoteBody): Promise<OptionQuote> {
  return call(optionsApi.optionQuote, { body, silent: true });
}

/** Failures after which nobody knows whether the server made the purchase. */
export function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
}

/** The purchase's reply never came and it is not (yet) in the user's list: the screen keeps looking. */
export class PurchaseUnconfirmed extends Error {
  constructor(
    readonly pending: PendingOption,
    message: string,
  ) {
    super(message);
    this.name = 'PurchaseUnconfirmed';
  }
}

/** Purchases whose outcome is not known yet (stored with their key; they survive a reload). */
export function pendingOptions(): PendingOption[] {
  return pendingIntentNames(OPTION_INTENT_PREFIX)
    .map(parseOptionIntent)
    .filter((p): p is PendingOption => p !== null);
}

export type Resolution = { kind: 'found'; order: OptionOrder } | { kind: 'gone' } | { kind: 'waiting' };

/**
 * What became of a purchase whose reply never came (OUI-5): asked of optionOrderList by its clientOrderId (the
 * intent's key). Found or given up, the intent is complete; otherwise its key stays. Rejects when the list could
 * not be read (nothing is concluded then).
 */
export async function resolvePendingOption(p: PendingOption, localNow: number): Promise<Resolution> {
  const name = optionIntentName(p);
  const clientOrderId = intentKey(name);
  const page = await call(optionsApi.optionOrderList, {
    query: { clientOrderId, pageNum: 1, pageSize: 1 },
    silent: true,
  });
  const order = page.rows.find((o) => o.clientOrderId === clientOrderId);
  if (order) {
    completeIntent(name);
    optionsChanged();
    balancesChanged();
    return { kind: 'found', order };
  }
  if (localNow - p.at > LOST_OPTION_GIVE_UP_MS) {
    completeIntent(name);
    return { kind: 'gone' };
  }
  return { kind: 'waiting' };
}

/**
 * Buys at a quote once per intent (OUI-5). The intent is the quote's option and quantity at this moment; its key
 * is the Idempotency-Key and the clientOrderId. A lost reply is answered by looking for the purchase by that
 * clientOrderId; when it is not there yet, rejects with PurchaseUnconfirmed (the key stays). A refusal (an expired
 * quote among them) rejects with the server's message.
 */
export async function buyAtQuote(quote: OptionQuote, at: number): Promise<OptionOrder> {
  const p: PendingOption = {
    symbol: quote.symbol.toLowerCase(),
    kind: quote.kind,
    expiry: quote.expiry,
    strike: quote.strike,
    quantity: quote.quantity,
    at,
  };
  try {
    const order = await mutate(
      (idempotencyKey) =>
        call(optionsApi.buyOption, {
          body: { quoteId: quote.quoteId, clientOrderId: idempotencyKey },
          idempotencyKey,
          silent: true,
        }),
      { intent: optionIntentName(p), invalidates: [ORDER_QUERIES] },
    );
    balancesChanged();
    return order;
  } catch (err) {
    if (!outcomeUnknown(err)) throw err;
    // Never send again: ask what became of it.
    const r = await resolvePendingOption(p, at).catch(() => null);
    if (r?.kind === 'found') return r.order;
    throw new PurchaseUnconfirmed(p, (err as Error).message);
  }
}
