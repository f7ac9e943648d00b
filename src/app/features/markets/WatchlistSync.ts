/**
 * Keeps the watchlist store (watchlist.ts) on the signed-in user's list (TRADE-15): loads it when a star or the
 * favourites tab is first shown, and fetches it again whenever the server announces a change (USER_STATUS kind
 * `watchlist`, made in another tab or on another device).
 */
import { useEffect } from 'react';
import { useStatusRefetch } from '../../market/useStatusRefetch';
import { loadWatchlist, resetWatchlist, useWatchUid, watchlist } from './watchlist';

/**
 * Keeps the store on the signed-in user's list: loads it when a star or the favourites tab is first shown and
 * fetches it again on every announced change. Call it once per screen part that shows stars.
 */
export function useWatchlistSync(): void {
  const uid = useWatchUid();
  const isSign = uid !== '';
  useEffect(() => {
    if (!isSign) {
      if (watchlist.uid !== '') resetWatchlist();
      return;
    }
    if (uid && (watchlist.uid !== uid || watchlist.status === 'idle' || watchlist.status === 'error'))
      void loadWatchlist(uid);
  }, [isSign, uid]);
  useStatusRefetch(['watchlist'], () => void loadWatchlist(uid), uid !== '');
}

/** useWatchlistSync as a component of its own, so that the account news it listens to re-render nothing else. */
export function WatchlistSync(): null {
  useWatchlistSync();
  return null;
}
