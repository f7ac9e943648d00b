/**
 * The paths the shell itself knows (spec 4.2): home, where a back with no history and a finished sign-in go; the
 * sign-in entry, where a signed-out visitor of a guarded path is sent; and the entry screens a signed-in visitor is
 * sent away from (GUARD-5). The markets and account features' path tables take them from here, so the platform never
 * reads a feature's table for them. With them, PUB-2's return to the page a visitor signed in from.
 */
export const HOME_PATH = '/';
export const SIGN_IN_PATH = '/lr';
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';

/** The entry screens a signed-in visitor is sent away from (GUARD-5). */
const ENTRY_PATHS: readonly string[] = [SIGN_IN_PATH, LOGIN_PATH, REGISTER_PATH];

/** PUB-2: the query parameter of the entry screens that names where to go after signing in or registering. */
export const RETURN_PARAM = 'redirect';

/** The path of a path with a query or hash. */
export function pathOnly(pathWithSearch: string): string {
  return pathWithSearch.split(/[?#]/)[0] || '/';
}

export function isEntryPath(pathWithSearch: string): boolean {
  return ENTRY_PATHS.includes(pathOnly(pathWithSearch));
}

/** A stand-in origin to resolve a candidate path against: anything that leaves it is not a path of this app. */
const HERE = 'https://app.invalid';

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
  if (!safe || safe === HOME_PATH) return entry;
  return `${entry}?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`;
}

/** PUB-2: where an entry screen sends the user once signed in: its safe `redirect`, else home. */
export function returnTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(RETURN_PARAM)) ?? HOME_PATH;
}
