import { MARKETS_PATHS } from '../features/markets/paths';
import { ACCOUNT_PATHS } from '../features/account/paths';
import { DEV_PATHS } from '../features/dev/paths';

/** Paths open without a session (spec 4.2). */
export const PUBLIC_PATHS = [
  MARKETS_PATHS.home,
  ACCOUNT_PATHS.lr,
  ACCOUNT_PATHS.login,
  ACCOUNT_PATHS.register,
  ACCOUNT_PATHS.forget,
] as const;

/** The entry screens a signed-in visitor is sent away from (GUARD-5). */
const ENTRY_PATHS: readonly string[] = [ACCOUNT_PATHS.lr, ACCOUNT_PATHS.login, ACCOUNT_PATHS.register];

/** Development tools (DEV-1): open without a session, but only when the server has them. */
const DEV_ONLY_PATHS: readonly string[] = Object.values(DEV_PATHS);

/** Where a signed-out visitor of any other path is sent (spec 4.2). */
export const SIGN_IN_PATH = ACCOUNT_PATHS.lr;

function pathOnly(pathWithSearch: string): string {
  return pathWithSearch.split(/[?#]/)[0] || '/';
}

export function isPublicPath(pathWithSearch: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathOnly(pathWithSearch));
}

export function isEntryPath(pathWithSearch: string): boolean {
  return ENTRY_PATHS.includes(pathOnly(pathWithSearch));
}

export function isDevOnlyPath(pathWithSearch: string): boolean {
  return DEV_ONLY_PATHS.includes(pathOnly(pathWithSearch));
}
