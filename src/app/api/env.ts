/**
 * Everything the HTTP client needs from the outside world, in one replaceable object (STYLE: no raw globals in
 * logic). The app uses the defaults; unit tests swap fields with `setClientEnv` and restore with `resetClientEnv`.
 */
import i18next from 'i18next';
import { StorageKeys } from '../../shared/storageKeys';
import { readString } from '../state/storage';
import { toast } from '../state/toast';
import { session, signOut } from '../state/session';
import { FALLBACK_MESSAGES, type MessageKey } from './messages';
import { clock } from '../time/clock';
import { apiBaseOf, requestTimeoutOf } from '../../shared/runtimeConfig';
import { runtimeConfig } from './runtimeConfig';
import { noteContractVersion } from './protocolNotice';

export interface ClientEnv {
  fetch: typeof fetch;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Current session token, '' when signed out. */
  getToken(): string;
  /** `<html lang>`, sent as headers `language` and `lang`. */
  getLang(): string;
  /** Raw test-platform entry of spec 3.1/7.5 (JSON `{platform, domain?}`), or null. */
  getTestPlatform(): string | null;
  /** DEPLOY-3: config.json's API base without a trailing slash, '' for the page's origin. */
  getApiBase(): string;
  /** DEPLOY-10: how long a request may take before it is given up (config.json's `requestTimeoutMs`, else 10 s). */
  getRequestTimeoutMs(): number;
  /** Shows a message to the user (a toast). */
  notify(message: string, kind: 'error' | 'info'): void;
  /** Translates a client message (`common` namespace, `client.<key>`: loaded at start-up, shown on every screen). */
  translate(key: MessageKey, vars?: Record<string, unknown>): string;
  /** Spec 8, token row: sign the user out. */
  signOut(): void;
  /** Spec 8, token row: reload the page (after TOKEN_RELOAD_DELAY_MS). */
  reload(): void;
  /** CONF-13: each reply's X-Protocol-Version (null when absent), for the newer-backend notice. */
  contractVersion(announced: string | null): void;
}

function interpolate(s: string, vars?: Record<string, unknown>): string {
  return vars ? s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(vars[k] ?? '')) : s;
}

export function defaultTranslate(key: MessageKey, vars?: Record<string, unknown>): string {
  const fallback = interpolate(FALLBACK_MESSAGES[key], vars);
  if (!i18next.isInitialized) return fallback;
  const out = i18next.t(`client.${key}`, { ns: 'common', defaultValue: fallback, ...vars });
  return typeof out === 'string' && out !== `client.${key}` ? out : fallback;
}

function defaults(): ClientEnv {
  return {
    fetch: (...args) => globalThis.fetch(...args),
    now: () => clock.now(),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (h) => clock.clearTimeout(h),
    getToken: () => session.token,
    getLang: () => (typeof document !== 'undefined' ? document.documentElement.lang || 'en' : 'en'),
    getTestPlatform: () => readString(StorageKeys.testPlatform),
    getApiBase: () => apiBaseOf(runtimeConfig()),
    getRequestTimeoutMs: () => requestTimeoutOf(runtimeConfig()),
    notify: (message, kind) => {
      toast(message, { kind });
    },
    translate: defaultTranslate,
    signOut: () => signOut(),
    reload: () => {
      if (typeof location !== 'undefined') location.reload();
    },
    contractVersion: noteContractVersion,
  };
}

export const clientEnv: ClientEnv = defaults();

export function setClientEnv(patch: Partial<ClientEnv>): void {
  Object.assign(clientEnv, patch);
}

export function resetClientEnv(): void {
  Object.assign(clientEnv, defaults());
}
