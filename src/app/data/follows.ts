/**
 * The caller's follows (FOLUI-*), the one query two features read: copy trading's screens list them, and the
 * futures screen names the lead trader on a copied position. Kept below both so neither imports the other.
 */
import { followApi } from '../../shared/api/follow';
import { call } from '../api/client';
import { useUid } from '../state/session';
import { queryKey } from './queryCache';
import { useQuery } from './useQuery';

/** The caller's follows (key `follow`, `mine`, uid: refreshed with every follow query). */
export function useMyFollows(uid: string) {
  return useQuery(queryKey(['follow', 'mine', uid]), (signal) => call(followApi.followMine, { signal, silent: true }), {
    enabled: uid !== '',
  });
}

/** The nickname of a trader the caller follows (the futures screen's copy badge), from the follows list. */
export function useFollowNickname(traderId: number): string | undefined {
  const q = useMyFollows(useUid());
  return q.data?.find((f) => f.traderId === traderId)?.nickname;
}
