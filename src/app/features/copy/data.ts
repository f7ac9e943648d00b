/**
 * The copy-trading screens' REST data (FOLUI-*): the leaderboard, a trader's page, the caller's follows, the trader
 * programme and dashboard through the keyed query cache; following, changing, stopping and applying through the one
 * `mutate()` (one Idempotency-Key per intent, kept across reloads), each refreshing the follow queries after.
 */
import { followApi } from '../../../shared/api/follow';
import type { FollowBody, TraderApplyBody, TraderSort } from '../../../shared/schemas/follow';
import { call } from '../../api/client';
import { mutate } from '../../data/mutate';
import { queryKey } from '../../data/queryCache';
import { useQuery } from '../../data/useQuery';
import { LEADERS_PAGE_SIZE } from './model/follow';

export { useMyFollows } from '../../data/follows';
export { useUid } from '../../state/session';

/** Every follow query's key starts with this: invalidating it refreshes them all. */
export const FOLLOW_QUERIES = queryKey(['follow']);
/** The caller's follows and the futures positions change together when a follow is stopped or changed. */
const AFTER_FOLLOW = [FOLLOW_QUERIES, queryKey(['records'])];

/** One page of the leaderboard: the server sorts by `sort` over the `days` window and pages (FOLUI-2). */
export function fetchTraders(sort: TraderSort, days: number, pageNum: number, signal?: AbortSignal) {
  return call(followApi.followTraders, {
    query: { sort, days, pageNum, pageSize: LEADERS_PAGE_SIZE },
    signal,
    silent: true,
  });
}

export function useTraders(sort: TraderSort, days: number, pageNum: number) {
  return useQuery(queryKey(['follow', 'traders', sort, days, pageNum]), (signal) =>
    fetchTraders(sort, days, pageNum, signal),
  );
}

/** A trader's page; the uid is in the key because `following` depends on the caller. */
export function useTrader(id: number, uid: string) {
  return useQuery(queryKey(['follow', 'trader', id, uid]), (signal) =>
    call(followApi.followTrader, { query: { id }, signal, silent: true }),
  );
}

export function useProgramme(uid: string) {
  return useQuery(
    queryKey(['follow', 'programme', uid]),
    (signal) => call(followApi.traderProgramme, { signal, silent: true }),
    { enabled: uid !== '' },
  );
}

export function useDashboard(uid: string, isTrader: boolean) {
  return useQuery(
    queryKey(['follow', 'dashboard', uid]),
    (signal) => call(followApi.traderDashboard, { signal, silent: true }),
    { enabled: uid !== '' && isTrader },
  );
}

export function sendFollow(kind: 'follow' | 'update', body: FollowBody, intent: string) {
  const endpoint = kind === 'follow' ? followApi.follow : followApi.followUpdate;
  return mutate((key) => call(endpoint, { body, idempotencyKey: key, silent: true }), {
    intent,
    invalidates: AFTER_FOLLOW,
  });
}

export function sendUnfollow(traderId: number, closePositions: boolean, intent: string) {
  return mutate(
    (key) => call(followApi.unfollow, { body: { traderId, closePositions }, idempotencyKey: key, silent: true }),
    { intent, invalidates: AFTER_FOLLOW },
  );
}

export function sendApply(body: TraderApplyBody, intent: string) {
  return mutate((key) => call(followApi.traderApply, { body, idempotencyKey: key, silent: true }), {
    intent,
    invalidates: [FOLLOW_QUERIES],
  });
}
