/**
 * The deposit data of /recharge (DEP-9): the address of a coin and network through the address book (cached,
 * at most one lookup per 5 s), the caller's deposits (fetched again whenever the live stream reports a deposit
 * or withdrawal state change: never polled), and the payment declaration sent once per intent.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { rechargeApi } from '../../../shared/api/recharge';
import type { DepositAddress, DepositPage, DepositRow } from '../../../shared/schemas/recharge';
import { call } from '../../api/client';
import { mutate } from '../../data/mutate';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';
import { useLiveAccount } from '../../market/hooks';
import { session } from '../../state/session';
import { AddressBook } from './model/depositAddress';
import { clock } from '../../time/clock';

const book = new AddressBook<DepositAddress>({
  now: () => clock.now(),
  sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)),
});

export const DEPOSIT_QUERIES = queryKey(['deposit']);

export function useDepositAddress(coin: string, network: string): QueryResult<DepositAddress> {
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  const key = `${uid}:${coin}:${network}`;
  return useQuery(
    queryKey(['deposit', 'address', uid, coin, network]),
    () => book.load(key, () => call(rechargeApi.getAdress, { query: { coin, symbol: network }, silent: true })),
    { enabled: uid !== '' && coin !== '' && network !== '' },
  );
}

export function useDeposits(): QueryResult<DepositPage> {
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  const q = useQuery(
    queryKey(['deposit', 'list', uid]),
    (signal) => call(rechargeApi.rechargeList, { query: { pageNum: 1, pageSize: 10 }, signal, silent: true }),
    { enabled: uid !== '' },
  );
  const statusCount = useLiveAccount()?.statusCount ?? 0;
  const { reload } = q;
  useEffect(() => {
    if (statusCount > 0) reload();
  }, [statusCount, reload]);
  return q;
}

export interface Declaration {
  coin: string;
  symbol: string;
  amount: string;
  hash: string;
}

/** Declares a payment once per intent (the same hash retried after a timeout or reload reuses the key). */
export function declarePayment(d: Declaration): Promise<DepositRow> {
  return mutate((key) => call(rechargeApi.payAddress, { body: d, idempotencyKey: key, silent: true }), {
    intent: `deposit:declare:${d.hash}`,
    invalidates: [DEPOSIT_QUERIES],
  });
}
