/**
 * The signed-in user's watchlist (TRADE-15, WATCH-1): one store for every star and for the favourites tab. It is
 * fetched once per user (userCoin/getUserCoin), changed by addUserCoin / removeUserCoin (each answers with the
 * whole list, which replaces ours), and fetched again when the server announces a change made elsewhere
 * (USER_STATUS kind `watchlist`, from another tab or device). A star shows its new state at once while the call
 * runs; a refused call puts it back and says why.
 *
 * Answers can cross: every request is numbered when it starts, and an answer older than the one already applied
 * is dropped, so a slow fetch never undoes a newer toggle.
 */
import { proxy, useSnapshot } from 'valtio';
import { userApi } from '../../../shared/api/user';
import { call } from '../../api/client';
import { session } from '../../state/session';
import { globalState } from '../../state/global';

export interface WatchEntry {
  coin: string;
  symbol: string;
}

/** The three calls, replaceable in tests. */
export interface WatchlistApi {
  list(): Promise<WatchEntry[]>;
  add(symbol: string): Promise<WatchEntry[]>;
  remove(symbol: string): Promise<WatchEntry[]>;
}

export const defaultWatchlistApi: WatchlistApi = {
  list: () => call(userApi.getUserCoin, { silent: true }),
  add: (symbol) => call(userApi.addUserCoin, { body: { symbol }, silent: true }),
  remove: (symbol) => call(userApi.removeUserCoin, { body: { symbol }, silent: true }),
};

export interface WatchlistState {
  /** Whose list is loaded: the session's token ('' = nobody's). */
  uid: string;
  /** Lower-case symbols in the user's order; null until the first answer. */
  symbols: string[] | null;
  status: 'idle' | 'loading' | 'ok' | 'error';
  error: string;
  /** Pairs being added (true) or removed (false) right now: shown that way until the server answers. */
  pending: Record<string, boolean>;
}

export const watchlist = proxy<WatchlistState>({ uid: '', symbols: null, status: 'idle', error: '', pending: {} });

let issued = 0;
let applied = 0;
let fetching: Promise<void> | undefined;
let fetchAgain = false;

const norm = (s: string) => s.trim().toLowerCase();

function apply(seq: number, uid: string, rows: readonly WatchEntry[]): void {
  if (seq < applied || watchlist.uid !== uid) return;
  applied = seq;
  watchlist.symbols = rows.map((r) => norm(r.symbol));
  watchlist.status = 'ok';
  watchlist.error = '';
  // Spec 3.5: hasCollectCoin holds the collected coins.
  globalState.hasCollectCoin = rows.map((r) => r.coin);
}

/** Forgets the list (signed out, or another user). */
export function resetWatchlist(uid = ''): void {
  applied = ++issued;
  fetching = undefined;
  fetchAgain = false;
  watchlist.uid = uid;
  watchlist.symbols = null;
  watchlist.status = 'idle';
  watchlist.error = '';
  watchlist.pending = {};
  globalState.hasCollectCoin = [];
}

/**
 * Fetches the list of `uid`. Asked again while a fetch runs, it fetches once more after it (an announcement may
 * describe a change the running fetch did not see), never more.
 */
export function loadWatchlist(uid: string, api: WatchlistApi = defaultWatchlistApi): Promise<void> {
  if (watchlist.uid !== uid) resetWatchlist(uid);
  if (fetching) {
    fetchAgain = true;
    return fetching;
  }
  const run = async (): Promise<void> => {
    do {
      fetchAgain = false;
      const seq = ++issued;
      if (watchlist.symbols === null) watchlist.status = 'loading';
      try {
        apply(seq, uid, await api.list());
      } catch (err) {
        if (watchlist.uid === uid && seq >= applied) {
          watchlist.status = 'error';
          watchlist.error = err instanceof Error ? err.message : String(err);
        }
      }
    } while (fetchAgain && watchlist.uid === uid);
  };
  const p = run().finally(() => {
    if (fetching === p) fetching = undefined;
  });
  fetching = p;
  return p;
}

/** Whether `symbol` shows as watched (a toggle in flight shows its new state). */
export function isWatched(
  state: { readonly symbols: readonly string[] | null; readonly pending: Readonly<Record<string, boolean>> },
  symbol: string,
): boolean {
  const s = norm(symbol);
  const p = state.pending[s];
  if (p !== undefined) return p;
  return state.symbols?.includes(s) ?? false;
}

/**
 * Adds (`on`) or removes a pair for the signed-in user `uid`. Resolves when the server answered; rejects with
 * its message when it refused (the star then shows the old state again).
 */
export async function setWatched(
  uid: string,
  symbol: string,
  on: boolean,
  api: WatchlistApi = defaultWatchlistApi,
): Promise<void> {
  const s = norm(symbol);
  if (watchlist.uid !== uid) resetWatchlist(uid);
  const seq = ++issued;
  watchlist.pending[s] = on;
  try {
    apply(seq, uid, await (on ? api.add(s) : api.remove(s)));
  } finally {
    // Only this toggle's own mark goes (a later toggle of the same pair keeps its own).
    if (watchlist.uid === uid && watchlist.pending[s] === on) delete watchlist.pending[s];
  }
}

/**
 * Whose watchlist the store holds: the session token ('' when signed out). The token is there before the profile
 * and changes with every sign-in, so another user's list is never shown.
 */
export function useWatchUid(): string {
  const { isSign, token } = useSnapshot(session);
  return isSign ? token : '';
}
