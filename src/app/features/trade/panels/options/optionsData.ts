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
import { call } from '../../../../api/client';
import { intentKey } from '../../../../data/mutate';
import { invalidate } from '../../../../data/queries';
import { queryKey } from '../../../../data/queryCache';
import { useQuery } from '../../../../data/useQuery';
import { concludeLookup, placeOnce, storedOrders, type Lookup } from '../../components/kit/contractOrders';
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

/** A page of the user's open or settled options (fetched while signed in). */
function useOptionOrders(uid: string, status: 'open' | 'settled', page: number, pageSize: number) {
  return useQuery(
    queryKey(['options', 'orders', status, uid, page]),
    (signal) => call(optionsApi.optionOrderList, { query: { status, pageNum: page, pageSize }, signal, silent: true }),
    { enabled: uid !== '' },
  );
}

export const useOpenOptions = (uid: string) => useOptionOrders(uid, 'open', 1, OPEN_PAGE_SIZE);

export const useSettledOptions = (uid: string, page: number) =>
  useOptionOrders(uid, 'settled', page, SETTLED_PAGE_SIZE);

/** The option lists changed on the server (a push, a purchase): fetch every shown one again. */
export function optionsChanged(): void {
  invalidate(ORDER_QUERIES);
}

/** A firm quote for one option (OUI-4); rejects with the server's message. */
export function requestQuote(body: OptionQuoteBody): Promise<OptionQuote> {
  return call(optionsApi.optionQuote, { body, silent: true });
}

/** Purchases whose outcome is not known yet (stored with their key; they survive a reload). */
export const pendingOptions = (): PendingOption[] => storedOrders(OPTION_INTENT_PREFIX, parseOptionIntent);

/**
 * What became of a purchase whose reply never came (OUI-5): asked of optionOrderList by its clientOrderId (the
 * intent's key). Found or given up, the intent is complete; otherwise its key stays. Rejects when the list could
 * not be read (nothing is concluded then).
 */
export async function resolvePendingOption(p: PendingOption, localNow: number): Promise<Lookup<OptionOrder>> {
  const intent = optionIntentName(p);
  const clientOrderId = intentKey(intent);
  const page = await call(optionsApi.optionOrderList, {
    query: { clientOrderId, pageNum: 1, pageSize: 1 },
    silent: true,
  });
  const order = page.rows.find((o) => o.clientOrderId === clientOrderId);
  return concludeLookup(intent, order, localNow - p.at > LOST_OPTION_GIVE_UP_MS, optionsChanged);
}

/**
 * Buys at a quote once per intent (OUI-5). The intent is the quote's option and quantity at this moment; its key
 * is the Idempotency-Key and the clientOrderId. A lost reply is answered by looking for the purchase by that
 * clientOrderId; when it is not there yet, rejects with OrderUnconfirmed (the key stays). A refusal (an expired
 * quote among them) rejects with the server's message.
 */
export function buyAtQuote(quote: OptionQuote, at: number): Promise<OptionOrder> {
  const pending: PendingOption = {
    symbol: quote.symbol.toLowerCase(),
    kind: quote.kind,
    expiry: quote.expiry,
    strike: quote.strike,
    quantity: quote.quantity,
    at,
  };
  return placeOnce({
    pending,
    intent: optionIntentName(pending),
    queries: ORDER_QUERIES,
    send: (idempotencyKey) =>
      call(optionsApi.buyOption, {
        body: { quoteId: quote.quoteId, clientOrderId: idempotencyKey },
        idempotencyKey,
        silent: true,
      }),
    lookup: () => resolvePendingOption(pending, at),
  });
}
