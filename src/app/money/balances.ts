/**
 * The wallet's REST data (WAL-1, WAL-9): the balances of asset/assetBalance through the one client and the keyed
 * query cache, and transfers through `mutate()` (one idempotency key per intent, kept across reloads).
 * Nothing polls: balances follow the live stream (LIVE-1); `balancesChanged()` makes every shown balance fetch
 * again (a transfer calls it, for a client whose stream is not up yet).
 */
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { assetApi } from '../../shared/api/asset';
import { call } from '../api/client';
import { mutate } from '../data/mutate';
import { invalidate } from '../data/queries';
import { queryKey } from '../data/queryCache';
import { useQuery, type QueryResult } from '../data/useQuery';
import { session } from '../state/session';
import { useLiveAccount } from '../market/hooks';
import type { BalanceEntry, AssetAccount } from './valuation';

/** Every wallet query's key starts with this: invalidating it refreshes balances (and later records). */
export const ASSET_QUERIES = queryKey(['asset']);

/**
 * The signed-in user's balances, shared by every component that shows them; errors are shown inline. The first
 * paint comes from asset/assetBalance; from then on the server's live stream (LIVE-1, through the one worker)
 * replaces them whenever they change, in every open tab, without a reload and without polling.
 */
export function useAssetBalances(): QueryResult<BalanceEntry[]> {
  const { userInfo } = useSnapshot(session);
  const uid = userInfo?.uid ?? '';
  const q = useQuery(
    queryKey(['asset', 'balance', uid]),
    (signal) => call(assetApi.assetBalance, { signal, silent: true }),
    {
      enabled: uid !== '',
    },
  );
  const live = useLiveAccount();
  // One array per pushed version, not per render (consumers memoise on it).
  const liveRows = useMemo(() => (live?.authorized && live.balances ? [...live.balances] : undefined), [live]);
  if (uid !== '' && liveRows) return { status: 'ok', data: liveRows, reload: q.reload };
  return q;
}

/** Balances changed on the server (a transfer here): fetch every shown one again. */
export function balancesChanged(): void {
  invalidate(ASSET_QUERIES);
}

export interface TransferRequest {
  fromAccount: AssetAccount;
  toAccount: AssetAccount;
  coin: string;
  /** Canonical amount (checkTransfer's). */
  amount: string;
}

/**
 * Sends a transfer once per intent: the same accounts, coin and amount retried after a timeout or a reload
 * carry the same Idempotency-Key, so the server applies it at most once. Errors come back as ApiError with the
 * server's message (no toast: the sheet shows it inline). On success every balance is fetched again.
 */
export async function sendTransfer(req: TransferRequest) {
  const done = await mutate(
    (idempotencyKey) => call(assetApi.transferFunds, { body: req, idempotencyKey, silent: true }),
    { intent: `transfer:${req.fromAccount}:${req.toAccount}:${req.coin}:${req.amount}` },
  );
  balancesChanged();
  return done;
}
