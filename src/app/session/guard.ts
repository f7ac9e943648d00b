/**
 * Navigation guard (spec 4.2). Returns the path to redirect to, or null to continue. The shell calls it on
 * every navigation.
 * - Signed in: a path containing '/i&' goes to /; otherwise a loading toast shows while the user info reloads
 *   (a reply other than code 200 signs out, a failed load is swallowed), then navigation continues.
 * - Signed out: /, /lr, /login, /register, /forget pass, everything else goes to /lr. Then, once per page load,
 *   the automatic wallet login is attempted in the background (autoLogin.ts); on success it goes to /.
 * The first call also starts the cross-tab sign-out sync.
 */
import { readFlag } from '../../shared/flags';
import { clientEnv } from '../api/env';
import { settingObject, settings } from '../state/settings';
import { dismissToast, toast } from '../ui/toast';
import { loadUserInfo } from './actions';
import { tryAutoLogin } from './autoLogin';
import { MARKETS_PATHS } from '../features/markets/paths';
import { installSessionSync } from './crossTab';
import { isPublicPath, SIGN_IN_PATH } from './paths';
import { session } from './store';

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

export async function guard(pathWithSearch: string): Promise<string | null> {
  installSessionSync();
  if (session.isSign) {
    if (pathWithSearch.includes('/i&')) return MARKETS_PATHS.home;
    const id = toast(clientEnv.translate('loading'), { kind: 'loading', duration: 0 });
    try {
      await loadUserInfo();
    } catch {
      /* spec 4.2: a failed load is swallowed */
    } finally {
      dismissToast(id);
    }
    if (session.isSign || isPublicPath(pathWithSearch)) return null;
    return SIGN_IN_PATH;
  }
  if (!autoLoginTried) {
    autoLoginTried = true;
    void tryAutoLogin(autoLoginEnabled()).then((r) => {
      if (r === 'signed-in') navigator(MARKETS_PATHS.home);
    });
  }
  return isPublicPath(pathWithSearch) ? null : SIGN_IN_PATH;
}
