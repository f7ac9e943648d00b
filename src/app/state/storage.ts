/**
 * Safe browser-storage access under the 3.1 keys (one fixed prefix, src/shared/storageKeys.ts).
 * Storage can be missing (private mode, tests in node) or full: reads then fall back, writes are dropped.
 */
import { StorageKeys, type StorageKey } from '../../shared/storageKeys';

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

/** The test-platform override of 3.1 / 7.5: `{ platform, domain? }`. It survives sign-out. */
export interface TestPlatform {
  platform: string;
  domain?: string;
}

export function readTestPlatform(): TestPlatform | undefined {
  const v = readJson<TestPlatform>(StorageKeys.testPlatform);
  return v && typeof v.platform === 'string' && v.platform !== '' ? v : undefined;
}

/**
 * Spec 7.5: the API and socket bases are empty (same origin) unless a test platform with a domain is
 * stored; then both point at the `api.` subdomain of that domain.
 */
export function runtimeBases(): { apiBase: string; wsBase: string } {
  const tp = readTestPlatform();
  if (!tp?.domain) return { apiBase: '', wsBase: '' };
  const host = `api.${tp.domain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`;
  return { apiBase: `https://${host}`, wsBase: `wss://${host}` };
}
