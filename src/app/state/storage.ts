/**
 * The one browser-storage wrapper, under the 3.1 keys (one fixed prefix, src/shared/storageKeys.ts).
 * Storage can be missing (private mode, tests in node) or full: reads then fall back, writes are dropped and
 * the in-memory state still holds the value. `local` survives the browser session; `session` ends with it
 * and sign-out clears it (spec 4.1).
 */
import type { StorageKey } from '../../shared/storageKeys';

export type StorageArea = 'local' | 'session';

/** The browser's storage of that area, or undefined when it is missing or disabled. */
export function storageArea(area: StorageArea = 'local'): Storage | undefined {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: StorageKey, area: StorageArea = 'local'): string | null {
  try {
    return storageArea(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null, area: StorageArea = 'local'): void {
  const s = storageArea(area);
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* quota exceeded: the in-memory state still holds the value */
  }
}

export function readJson<T>(key: StorageKey, area: StorageArea = 'local'): T | undefined {
  const raw = readString(key, area);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown, area: StorageArea = 'local'): void {
  writeString(key, JSON.stringify(value), area);
}

/** Empties a whole area (sign-out clears session storage, spec 4.1). */
export function clearArea(area: StorageArea): void {
  try {
    storageArea(area)?.clear();
  } catch {
    /* disabled storage */
  }
}
