/**
 * The trading kit's queries of the caller's own lists (spot's orders and fills, futures' orders and records): one
 * page through the one query cache, nothing asked while signed out, fetched again when the mode's news says so;
 * and the pair of a symbol in the mode's list of pairs, whose rules the forms and lists read.
 */
import { useMemo } from 'react';
import { queryKey, type Fetcher } from '../../../../data/queryCache';
import { useQuery, type QueryResult } from '../../../../data/useQuery';

/** A mode's refetch on its news (status frames, position events), on while `enabled`. */
type NewsHook = (reload: () => void, enabled: boolean) => void;

/** One page of the caller's (`uid`, '' signed out: nothing is asked) list under `key`, fetched again on `useNews`. */
export function useOwnPage<T>(
  uid: string,
  key: readonly (string | number)[],
  fetcher: Fetcher<T>,
  useNews: NewsHook,
): QueryResult<T> {
  const q = useQuery(queryKey(key), fetcher, { enabled: uid !== '' });
  useNews(q.reload, uid !== '');
  return q;
}

/** The pair of `symbol` (in any case) in `list` (3.4 currencyList or contractList), or undefined. */
export function usePairIn<P extends { symbol: string }>(list: readonly P[] | undefined, symbol: string): P | undefined {
  return useMemo(() => list?.find((p) => p.symbol.toLowerCase() === symbol.toLowerCase()), [list, symbol]);
}
