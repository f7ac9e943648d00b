/**
 * Navigation guard (spec 4.2). Returns the path to redirect to, or null to continue.
 * (Initial version; issue 5 adds the user-info reload with its loading toast and auto-login.)
 */
import { session } from './store';

export const PUBLIC_PATHS = ['/', '/lr', '/login', '/register', '/forget'] as const;

export async function guard(pathWithSearch: string): Promise<string | null> {
  const path = pathWithSearch.split('?')[0] || '/';
  if (session.isSign) {
    if (pathWithSearch.includes('/i&')) return '/';
    return null;
  }
  return (PUBLIC_PATHS as readonly string[]).includes(path) ? null : '/lr';
}
