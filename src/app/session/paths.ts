/** Paths open without a session (spec 4.2). */
export const PUBLIC_PATHS = ['/', '/lr', '/login', '/register', '/forget'] as const;

/** Where a signed-out visitor of any other path is sent (spec 4.2). */
export const SIGN_IN_PATH = '/lr';

export function isPublicPath(pathWithSearch: string): boolean {
  const path = pathWithSearch.split(/[?#]/)[0] || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}
