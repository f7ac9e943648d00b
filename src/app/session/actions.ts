/**
 * Session actions that talk to the server (spec 4.1, 4.2): sign in, load user info, sign out.
 */
import { userApi } from '../../shared/api/user';
import { CODE_OK } from '../../shared/api/envelope';
import type { UserInfo } from '../../shared/schemas/user';
import { call, callRaw } from '../api/client';
import { session, setToken, setUserInfo, signOut } from '../state/session';

/** The 'user info changed' document event of spec 4.1; detail is the new profile. */
export const USER_INFO_CHANGED_EVENT = 'userInfoChanged';

type RechargeRefresh = (info: UserInfo) => void;
const rechargeRefreshers = new Set<RechargeRefresh>();

/**
 * Registers the refresh of new recharge records that spec 4.1 triggers after every successful user-info load
 * (the wallet screens plug in here). Returns an unsubscribe function.
 */
export function onRechargeRefresh(fn: RechargeRefresh): () => void {
  rechargeRefreshers.add(fn);
  return () => rechargeRefreshers.delete(fn);
}

let loadSeq = 0;

/**
 * Loads the profile (spec 4.1). Code 200 → store and cache it, dispatch 'userInfoChanged', trigger the recharge
 * refresh; any other code → sign out. Transport failures are swallowed (spec 4.2, "a failed load is swallowed");
 * a token error is handled by the client (sign out and reload, spec 8). Resolves true when the profile loaded.
 * A load that is overtaken by a newer one, or by a sign-out / another sign-in, applies nothing.
 */
export async function loadUserInfo(): Promise<boolean> {
  const token = session.token;
  if (!token) return false;
  const seq = ++loadSeq;
  let reply;
  try {
    reply = await callRaw(userApi.getInfo, { silent: true });
  } catch {
    return false;
  }
  if (seq !== loadSeq || session.token !== token) return false;
  if (reply.code !== CODE_OK || !reply.data) {
    signOut();
    return false;
  }
  const info = reply.data;
  setUserInfo(info);
  if (typeof document !== 'undefined')
    document.dispatchEvent(new CustomEvent(USER_INFO_CHANGED_EVENT, { detail: info }));
  for (const fn of [...rechargeRefreshers]) {
    try {
      fn(info);
    } catch (err) {
      console.error('[session] recharge refresh hook failed', err);
    }
  }
  return true;
}

/** Signed out → signed in (spec 4.1): stores the token, then loads the user info. The caller navigates to /. */
export async function signIn(token: string): Promise<boolean> {
  setToken(token);
  return loadUserInfo();
}

/** Signs out on the server (the token dies there) and locally; the local sign-out happens even if the call fails. */
export async function logout(): Promise<void> {
  try {
    if (session.token) await call(userApi.loginOut, { body: {}, silent: true });
  } catch {
    /* the local sign-out below still happens */
  } finally {
    signOut();
  }
}
