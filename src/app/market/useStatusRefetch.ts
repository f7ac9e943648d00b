/**
 * Fetch again on private news (LIVE-2): the server pushes USER_STATUS `{kind, id, status}` when something of the
 * user changed (a spot order, the watchlist, a deposit...). The account view carries the count of such frames and
 * the last one; a screen names the kinds it shows and is told when one of them came. Frames arrive batched (at most
 * one batch a frame), so when the count jumped by more than one, an earlier frame of the batch may have been of
 * those kinds: that counts as news too. Never polls.
 */
import { useEffect, useRef } from 'react';
import { useLiveAccount } from './hooks';
import { statusNews } from './statusNews';

/**
 * Calls `reload` when a USER_STATUS of one of `kinds` arrives, and when the stream becomes live again after the
 * screen mounted (LIVE-6: news sent before the subscription was acknowledged, or while the socket was down, never
 * arrives); not on mount.
 */
export function useStatusRefetch(kinds: readonly string[], reload: () => void, enabled = true): void {
  const live = useLiveAccount();
  const count = live?.statusCount ?? 0;
  const kind = live?.lastStatus?.kind;
  const liveCount = live?.liveCount ?? 0;
  const seen = useRef({ count, liveCount });
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  const list = kinds.join(',');
  useEffect(() => {
    const before = seen.current;
    seen.current = { count, liveCount };
    if (enabled && statusNews(before, { count, liveCount }, kind, list.split(','))) latest.current();
  }, [count, liveCount, kind, list, enabled]);
}
