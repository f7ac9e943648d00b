import { MARKETS_PATHS } from '../features/markets/paths';
import { ACCOUNT_PATHS } from '../features/account/paths';
import { CONTENT_PATHS } from '../features/content/paths';
import { DEV_PATHS } from '../features/dev/paths';
import { SETTINGS_PATHS } from '../features/settings/paths';
import { TRADE_PATHS } from '../features/trade/paths';

/**
 * Paths open without a session: the seed's five (spec 4.2) and the public market pages of PUB-1 (markets, search,
 * every trade screen read-only, the content pages and the language list). What shows or moves the user's own
 * money stays behind the guard.
 */
export const PUBLIC_PATHS = [
  MARKETS_PATHS.home,
  ACCOUNT_PATHS.lr,
  ACCOUNT_PATHS.login,
  ACCOUNT_PATHS.register,
  ACCOUNT_PATHS.forget,
  MARKETS_PATHS.markets,
  MARKETS_PATHS.search,
  TRADE_PATHS.spot,
  TRADE_PATHS.futures,
  TRADE_PATHS.seconds,
  TRADE_PATHS.options,
  TRADE_PATHS.option,
  CONTENT_PATHS.help,
  CONTENT_PATHS.about,
  CONTENT_PATHS.terms,
  CONTENT_PATHS.download,
  SETTINGS_PATHS.langList,
] as const;

/** PUB-1: a help article (`/helpDetail/{id}`) is public like the help list. */
const PUBLIC_PREFIXES: readonly string[] = [CONTENT_PATHS.helpDetail.replace(':id', '')];

/** The entry screens a signed-in visitor is sent away from (GUARD-5). */
const ENTRY_PATHS: readonly string[] = [ACCOUNT_PATHS.lr, ACCOUNT_PATHS.login, ACCOUNT_PATHS.register];

/** Development tools (DEV-1): open without a session, but only when the server has them. */
const DEV_ONLY_PATHS: readonly string[] = Object.values(DEV_PATHS);

/** Where a signed-out visitor of any other path is sent (spec 4.2). */
export const SIGN_IN_PATH = ACCOUNT_PATHS.lr;

/** PUB-2: the query parameter of the entry screens that names where to go after signing in or registering. */
export const RETURN_PARAM = 'redirect';

/** A stand-in origin to resolve a candidate path against: anything that leaves it is not a path of this app. */
const HERE = 'https://app.invalid';

function pathOnly(pathWithSearch: string): string {
  return pathWithSearch.split(/[?#]/)[0] || '/';
}

export function isPublicPath(pathWithSearch: string): boolean {
  const path = pathOnly(pathWithSearch);
  return (
    (PUBLIC_PATHS as readonly string[]).includes(path) ||
    PUBLIC_PREFIXES.some((p) => path.startsWith(p) && path.length > p.length && !path.includes('/', p.length))
  );
}

export function isEntryPath(pathWithSearch: string): boolean {
  return ENTRY_PATHS.includes(pathOnly(pathWithSearch));
}

export function isDevOnlyPath(pathWithSearch: string): boolean {
  return DEV_ONLY_PATHS.includes(pathOnly(pathWithSearch));
}

/**
 * PUB-2: `raw` as a path of this app to return to, or null. Only a same-app path is accepted: it starts with one
 * `/` (never `//`, a backslash or a scheme, which a browser would take to another site), holds no control
 * characters, resolves to this origin, and is not an entry screen itself (which would only send the user on).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith('/') || path.startsWith('//') || isEntryPath(path)) return null;
  return path;
}

/** PUB-2: `entry` (an entry screen) carrying where to return to, when that is a safe path; else `entry` alone. */
export function withReturn(entry: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === MARKETS_PATHS.home) return entry;
  return `${entry}?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`;
}

/** PUB-2: where an entry screen sends the user once signed in: its safe `redirect`, else home. */
export function returnTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(RETURN_PARAM)) ?? MARKETS_PATHS.home;
}
