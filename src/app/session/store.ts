/**
 * Session state (spec 3.2): token, isSign, userInfo, asset. Persisted under the 3.1 keys.
 * (Initial version; issue 5 completes sign-in, user-info loading and cross-tab sign-out.)
 */
import { proxy } from 'valtio';
import { StorageKeys } from '../../shared/storageKeys';

export interface SessionState {
  token: string;
  isSign: boolean;
  userInfo: Record<string, unknown> | null;
  asset: unknown[];
}

function read(): SessionState {
  const token = typeof localStorage !== 'undefined' ? localStorage.getItem(StorageKeys.token) ?? '' : '';
  return { token, isSign: token !== '', userInfo: null, asset: [] };
}

export const session = proxy<SessionState>(read());

export function signOut(): void {
  localStorage.removeItem(StorageKeys.token);
  localStorage.removeItem(StorageKeys.userInfo);
  sessionStorage.clear();
  Object.assign(session, { token: '', isSign: false, userInfo: null, asset: [] });
}
