/**
 * Session state (spec 3.2): token, isSign, userInfo, asset, persisted under the 3.1 keys.
 * This file only holds and persists the state; calls to the server live in actions.ts, tab sync in crossTab.ts.
 */
import { proxy, useSnapshot } from 'valtio';
import type { AssetEntry, UserInfo } from '../../shared/schemas/user';
import { StorageKeys } from '../../shared/storageKeys';
import { clearArea, readJson, readString, writeString } from './storage';

export interface SessionState {
  token: string;
  isSign: boolean;
  userInfo: UserInfo | null;
  asset: AssetEntry[];
}

// Storage disabled (privacy mode): the session lives in memory only (state/storage.ts drops the writes).
const write = writeString;

function read(): SessionState {
  const token = readString(StorageKeys.token) ?? '';
  if (!token) return { token: '', isSign: false, userInfo: null, asset: [] };
  return {
    token,
    isSign: true,
    userInfo: readJson<UserInfo | null>(StorageKeys.userInfo) ?? null,
    asset: readJson<AssetEntry[]>(StorageKeys.asset) ?? [],
  };
}

export const session = proxy<SessionState>(read());

/** Signed out → signed in (spec 4.1): stores the token. User info is loaded by actions.signIn. */
export function setToken(token: string): void {
  write(StorageKeys.token, token);
  write(StorageKeys.isSign, 'true');
  Object.assign(session, { token, isSign: true });
}

/** Applies and caches a successfully loaded profile (spec 4.1). */
export function setUserInfo(info: UserInfo): void {
  write(StorageKeys.userInfo, JSON.stringify(info));
  write(StorageKeys.asset, JSON.stringify(info.asset));
  Object.assign(session, { userInfo: info, asset: info.asset });
}

type SignOutListener = (remote: boolean) => void;
const signOutListeners = new Set<SignOutListener>();

/** Called after every sign-out; `remote` is true when another tab signed out. Returns an unsubscribe function. */
export function onSignOut(fn: SignOutListener): () => void {
  signOutListeners.add(fn);
  return () => signOutListeners.delete(fn);
}

/**
 * Sign-out (spec 4.1): removes the stored token and user info, clears session storage, keeps the test-platform
 * entry (it is in localStorage and is not touched), and resets the store. The session's own derived keys
 * (isSign, asset) go with it. Other tabs are told through the listeners (crossTab.ts).
 */
export function signOut(opts: { remote?: boolean } = {}): void {
  const wasSigned = session.isSign || session.token !== '';
  write(StorageKeys.token, null);
  write(StorageKeys.userInfo, null);
  write(StorageKeys.isSign, null);
  write(StorageKeys.asset, null);
  clearArea('session');
  Object.assign(session, { token: '', isSign: false, userInfo: null, asset: [] });
  if (wasSigned) for (const fn of [...signOutListeners]) fn(opts.remote === true);
}

/** The signed-in user's id, or '' signed out (a hook: renders again when the session changes). */
export function useUid(): string {
  const { isSign, userInfo } = useSnapshot(session);
  return isSign ? (userInfo?.uid ?? '') : '';
}
