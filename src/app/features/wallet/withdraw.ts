/**
 * The withdrawal data (WDR-8..17): channels with their rules now, saved addresses, the list, and the submission
 * through `mutate()` with one Idempotency-Key per intent. A reply that never came (timeout, network) is answered
 * by asking getWithdrawStatus for that key, never by sending again; a reload with the intent still unanswered
 * does the same (`resolvePendingWithdrawal`). Lists are fetched again when the private socket reports a status
 * change (useLiveAccount().statusCount), never polled.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../shared/api/user';
import { withdrawApi } from '../../../shared/api/withdraw';
import type { Withdrawal } from '../../../shared/schemas/withdraw';
import { ApiError, call } from '../../api/client';
import { completeIntent, mutate, pendingIntentKey } from '../../data/mutate';
import { invalidate } from '../../data/queries';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';
import { useLiveAccount } from '../../market/hooks';
import { session } from '../../state/session';
import { ASSET_QUERIES, balancesChanged } from '../../money/balances';

/** One withdrawal intent at a time: its key is kept (across reloads) until its outcome is known. */
export const WITHDRAW_INTENT = 'withdraw';
const WITHDRAW_QUERIES = queryKey(['asset', 'withdraw']);

function useUid(): string {
  return useSnapshot(session).userInfo?.uid ?? '';
}

/** Refetches `reload` whenever the private socket reports a deposit or withdrawal status change. */
export function useReloadOnStatus(reload: () => void): void {
  const count = useLiveAccount()?.statusCount ?? 0;
  const first = useRef(count);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    if (count !== first.current) latest.current();
  }, [count]);
}

export function useWithdrawChannels(): QueryResult<Awaited<ReturnType<typeof fetchChannels>>> {
  const uid = useUid();
  const q = useQuery(queryKey(['asset', 'withdraw', 'channels', uid]), (signal) => fetchChannels(signal), {
    enabled: uid !== '',
  });
  useReloadOnStatus(q.reload);
  return q;
}

function fetchChannels(signal: AbortSignal) {
  return call(withdrawApi.getWithDrawCoinList, { signal, silent: true });
}

export function useSavedAddresses() {
  const uid = useUid();
  return useQuery(
    queryKey(['asset', 'withdraw', 'addresses', uid]),
    (signal) => call(userApi.withdrawAddress, { signal, silent: true }),
    { enabled: uid !== '' },
  );
}

export function useWithdrawList(pageSize = 20) {
  const uid = useUid();
  const q = useQuery(
    queryKey(['asset', 'withdraw', 'list', uid, pageSize]),
    (signal) => call(withdrawApi.withdrawList, { signal, silent: true, query: { pageNum: 1, pageSize } }),
    { enabled: uid !== '' },
  );
  useReloadOnStatus(q.reload);
  return q;
}

export interface WithdrawRequest {
  coin: string;
  type: string;
  address: string;
  amount: string;
  pwd?: string;
  code?: string;
}

/** Outcomes where the server may or may not have applied the submission. */
const UNKNOWN: readonly string[] = ['timeout', 'network', 'aborted'];

/**
 * The outcome of an intent whose reply never came: the withdrawal submitted with its key (and the intent is
 * then complete), or null when the server has none (the key stays for a retry of the same intent).
 */
export async function resolvePendingWithdrawal(): Promise<Withdrawal | null> {
  const key = pendingIntentKey(WITHDRAW_INTENT);
  if (!key) return null;
  const w = await call(withdrawApi.getWithdrawStatus, { query: { key }, silent: true });
  if (w) {
    completeIntent(WITHDRAW_INTENT);
    invalidate(WITHDRAW_QUERIES);
    balancesChanged();
  }
  return w;
}

/** Whether an earlier submission is still waiting for its answer (shown as "checking" after a reload). */
export function hasPendingWithdrawal(): boolean {
  return pendingIntentKey(WITHDRAW_INTENT) !== undefined;
}

export async function submitWithdrawal(req: WithdrawRequest): Promise<Withdrawal> {
  try {
    const w = await mutate(
      (idempotencyKey) => call(withdrawApi.withdrawSubmit, { query: req, idempotencyKey, silent: true }),
      { intent: WITHDRAW_INTENT, invalidates: [WITHDRAW_QUERIES] },
    );
    balancesChanged();
    return w;
  } catch (err) {
    if (err instanceof ApiError && UNKNOWN.includes(err.kind)) {
      // Never send again: ask what became of this key.
      const found = await resolvePendingWithdrawal().catch(() => null);
      if (found) return found;
    }
    throw err;
  }
}

export async function cancelWithdrawal(id: number): Promise<Withdrawal> {
  const w = await mutate(
    (idempotencyKey) => call(withdrawApi.withdrawCancel, { query: { id }, idempotencyKey, silent: true }),
    { intent: `withdraw-cancel:${id}`, invalidates: [WITHDRAW_QUERIES, ASSET_QUERIES] },
  );
  return w;
}
