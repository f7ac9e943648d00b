/**
 * Cross-tab session sync (SESSION-6): signing out in one tab signs out every other open tab.
 * Two carriers, either one is enough: a BroadcastChannel message, and the `storage` event that fires in other tabs
 * when the token key is removed. A tab told to sign out resets its own store and session storage, and leaves a
 * guarded page for /lr. A token appearing in another tab (sign-in there) is adopted here too.
 */
import { StorageKeys } from '../../shared/storageKeys';
import { isPublicPath } from './paths';
import { SIGN_IN_PATH, withReturn } from '../ui/appPaths';
import { loadUserInfo } from './actions';
import { onSignOut, session, setToken, signOut } from '../state/session';

export const SESSION_CHANNEL = 'openex:session';

interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', fn: (ev: MessageEvent) => void): void;
  close(): void;
}

export interface SyncEnv {
  channel: ChannelLike | null;
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Leaves a guarded page after a remote sign-out. */
  leaveGuardedPage(): void;
}

function defaultEnv(): SyncEnv {
  return {
    channel: typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(SESSION_CHANNEL) : null,
    target: typeof window !== 'undefined' ? window : null,
    leaveGuardedPage: () => {
      if (typeof location !== 'undefined' && !isPublicPath(location.pathname))
        location.replace(withReturn(SIGN_IN_PATH, location.pathname + location.search));
    },
  };
}

let uninstall: (() => void) | null = null;

/** Starts the sync once (idempotent); returns a function that stops it. */
export function installSessionSync(env: SyncEnv = defaultEnv()): () => void {
  if (uninstall) return uninstall;
  const remoteSignOut = () => {
    if (!session.isSign && !session.token) return;
    signOut({ remote: true });
    env.leaveGuardedPage();
  };
  const offSignOut = onSignOut((remote) => {
    if (!remote) env.channel?.postMessage({ type: 'signOut' });
  });
  env.channel?.addEventListener('message', (ev) => {
    if ((ev.data as { type?: unknown } | null)?.type === 'signOut') remoteSignOut();
  });
  const onStorage = (ev: StorageEvent) => {
    if (ev.key !== StorageKeys.token && ev.key !== null) return; // key null: storage.clear() in another tab
    const value = ev.key === null ? (ev.storageArea?.getItem(StorageKeys.token) ?? null) : ev.newValue;
    if (!value) remoteSignOut();
    else if (value !== session.token) {
      setToken(value);
      void loadUserInfo();
    }
  };
  env.target?.addEventListener('storage', onStorage as EventListener);
  uninstall = () => {
    offSignOut();
    env.channel?.close();
    env.target?.removeEventListener('storage', onStorage as EventListener);
    uninstall = null;
  };
  return uninstall;
}
