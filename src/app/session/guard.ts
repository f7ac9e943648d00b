/**
 * Navigation guard (spec 4.2). Returns the path to redirect to, or null to continue. The shell calls it on
 * every navigation.
 * - Signed in: a path containing '/i&' goes to /; otherwise the user info reloads (a reply other than code 200
 *   signs out, a failed load is swallowed), then navigation continues. The loading toast shows only when the
 *   reload takes longer than LOADING_TOAST_DELAY_MS (GUARD-2). Still signed in, a visit to an entry screen
 *   (/lr, /login, /register) goes to its safe `redirect` (PUB-2), else back to the last path this tab showed, or
 *   home (GUARD-5).
 * - Signed out: the public paths pass (the seed's five and the public market pages of PUB-1; /dev/outbox outside
 *   production, DEV-1), everything else goes to /lr carrying the path it was going to (PUB-2). Then, once per page load, the automatic wallet login is attempted in the background
 *   (autoLogin.ts); on success it goes to /.
 * The first call also starts the cross-tab sign-out sync.
 */
import { readFlag } from '../../shared/flags';
import { clientEnv } from '../api/env';
import { settingObject, settings } from '../state/settings';
import { dismissToast, toast } from '../state/toast';
import { loadUserInfo } from './actions';
import { tryAutoLogin } from './autoLogin';
import { installSessionSync } from './crossTab';
import { HOME_PATH, isEntryPath, RETURN_PARAM, safeReturnPath, SIGN_IN_PATH, withReturn } from '../ui/appPaths';
import { opensSignedOut } from './paths';
import { session } from '../state/session';
import { clock } from '../time/clock';

/**
 * GUARD-2: the user-info reload is local and usually done in a few milliseconds; the loading toast appears only
 * when it is still running after this long, so a fast navigation does not flash it.
 */
export const LOADING_TOAST_DELAY_MS = 300;

type Navigate = (path: string) => void;
let navigator: Navigate = (path) => {
  if (typeof location !== 'undefined') location.assign(path);
};

/** Lets the shell give the guard its router's navigate (used after a background auto-login). */
export function setSessionNavigator(fn: Navigate): void {
  navigator = fn;
}

export function autoLoginEnabled(): boolean {
  const s = settingObject<{ autoLogin?: unknown }>(settings.config, 'LOGIN_REGIS_SETTING');
  return readFlag(s?.autoLogin, false);
}

let autoLoginTried = false;
/** GUARD-5: the last path (with its query) this tab let through while signed in. */
let lastShown: string | null = null;

/** Forgets the last path shown (tests; a new page load starts without one). */
export function resetGuardHistory(): void {
  lastShown = null;
}

/** Reloads the user info with the loading toast of GUARD-2, shown only if the reload is slow. */
async function reloadUserInfo(): Promise<void> {
  let id: number | null = null;
  const timer = clock.setTimeout(() => {
    id = toast(clientEnv.translate('loading'), { kind: 'loading', duration: 0 });
  }, LOADING_TOAST_DELAY_MS);
  try {
    await loadUserInfo();
  } catch {
    /* spec 4.2: a failed load is swallowed */
  } finally {
    clock.clearTimeout(timer);
    if (id !== null) dismissToast(id);
  }
}

export async function guard(pathWithSearch: string): Promise<string | null> {
  installSessionSync();
  if (session.isSign) {
    if (pathWithSearch.includes('/i&')) return HOME_PATH;
    await reloadUserInfo();
    if (!session.isSign) return opensSignedOut(pathWithSearch) ? null : withReturn(SIGN_IN_PATH, pathWithSearch);
    if (isEntryPath(pathWithSearch)) return returnOf(pathWithSearch) ?? lastShown ?? HOME_PATH;
    lastShown = pathWithSearch;
    return null;
  }
  if (!autoLoginTried) {
    autoLoginTried = true;
    void tryAutoLogin(autoLoginEnabled()).then((r) => {
      if (r === 'signed-in') navigator(HOME_PATH);
    });
  }
  return opensSignedOut(pathWithSearch) ? null : withReturn(SIGN_IN_PATH, pathWithSearch);
}

/** PUB-2: the safe `redirect` an entry screen's address carries, if any. */
function returnOf(pathWithSearch: string): string | null {
  const q = pathWithSearch.indexOf('?');
  if (q < 0) return null;
  return safeReturnPath(new URLSearchParams(pathWithSearch.slice(q + 1).split('#')[0]).get(RETURN_PARAM));
}
