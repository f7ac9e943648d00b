/**
 * Safe browser-storage access under the 3.1 keys (one fixed prefix, src/shared/storageKeys.ts).
 * Storage can be missing (private mode, tests in node) or full: reads then fall back, writes are dropped.
 */
import type { StorageKey } from '../../shared/storageKeys';

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeString(key: StorageKey, value: string | null): void {
  const s = store();
  if (!s) return;
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* quota exceeded: the in-memory state still holds the value */
  }
}

export function readJson<T>(key: StorageKey): T | undefined {
  const raw = readString(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

// The test-platform entry (3.1, 7.5) is read by the HTTP client (src/app/api/base.ts) and the market worker.
