import { MARKETS_PATHS } from '../features/markets/paths';
import { ACCOUNT_PATHS } from '../features/account/paths';

/** Paths open without a session (spec 4.2). */
export const PUBLIC_PATHS = [
  MARKETS_PATHS.home,
  ACCOUNT_PATHS.lr,
  ACCOUNT_PATHS.login,
  ACCOUNT_PATHS.register,
  ACCOUNT_PATHS.forget,
] as const;

/** Where a signed-out visitor of any other path is sent (spec 4.2). */
export const SIGN_IN_PATH = ACCOUNT_PATHS.lr;

export function isPublicPath(pathWithSearch: string): boolean {
  const path = pathWithSearch.split(/[?#]/)[0] || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}
