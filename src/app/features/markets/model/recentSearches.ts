/**
 * Recent searches of the search screen, kept in sessionStorage (they end with the browser session, and
 * sign-out clears session storage, spec 4.1) under the app's fixed storage prefix (spec 3.1).
 */
import { STORAGE_PREFIX } from '../../../../shared/storageKeys';
import { storageArea } from '../../../state/storage';

export const RECENT_KEY = `${STORAGE_PREFIX}recentSearches`;
export const RECENT_MAX = 8;

const store = () => storageArea('session');

export function readRecent(s: Storage | undefined = store()): string[] {
  try {
    const v = JSON.parse(s?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `term` first (case-insensitive de-duplication), keeps RECENT_MAX, returns the new list. */
export function pushRecent(term: string, s: Storage | undefined = store()): string[] {
  const t = term.trim();
  const cur = readRecent(s);
  if (!t) return cur;
  const next = [t, ...cur.filter((x) => x.toLowerCase() !== t.toLowerCase())].slice(0, RECENT_MAX);
  try {
    s?.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    /* storage full or disabled */
  }
  return next;
}

export function clearRecent(s: Storage | undefined = store()): void {
  try {
    s?.removeItem(RECENT_KEY);
  } catch {
    /* ignore */
  }
}
