/**
 * What the spot form reads from the rest of the app: the pair's rules (3.4 currencyList, in the settings), the
 * available balance of the coin an order holds (the platform account, live through the worker, LIVE-1).
 */
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { SpotPair } from '../../../../../shared/schemas/coins';
import { settings } from '../../../../state/settings';
import { useAssetBalances } from '../../../../money/balances';
import { usePairIn } from '../kit/ownLists';

/** The spot pair of `symbol` with its rules, or undefined (settings not loaded, or not a spot pair). */
export function useSpotPair(symbol: string): SpotPair | undefined {
  const { coins } = useSnapshot(settings);
  return usePairIn(coins.currencyList as readonly SpotPair[] | undefined, symbol);
}

/** The account spot orders are paid from (the spot wallet of spec 3.4's asset accounts). */
export const SPOT_ACCOUNT = 'platform';

export interface Available {
  /** Exact available amount per coin (upper case); absent = none. */
  of(coin: string): string;
  /** false until the first balances arrived. */
  ready: boolean;
}

/** Available balances of the spot account, live (every OWNCOIN push), for the signed-in user. */
export function useSpotAvailable(): Available {
  const balances = useAssetBalances();
  const rows = balances.data;
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const r of rows ?? []) if (r.account === SPOT_ACCOUNT) map.set(r.coin.toUpperCase(), r.available);
    return { of: (coin: string) => map.get(coin.toUpperCase()) ?? '0', ready: rows !== undefined };
  }, [rows]);
}
