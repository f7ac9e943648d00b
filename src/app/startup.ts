/**
 * Start-up (spec 4.3) and the settings refresh (4.4).
 * 1. The built-in defaults (already in the store) and the locally cached config and coin lists load first.
 * 2. Server settings and the coin list refresh. A reply with code 200 replaces and persists; any other
 *    code, a network error or a reply that fails its schema is ignored silently (8: defaults stay).
 * 3. The language is picked: stored, else the default-flagged entry of the language list, else en.
 * 4. The caller mounts the app.
 * After that, a change of language refreshes the settings (their operator texts are in the reader's language).
 */
import { CODE_OK } from '../shared/api/envelope';
import { marketApi } from '../shared/api/market';
import { callRaw } from './api/client';
import { subscribeKey } from 'valtio/utils';
import { applyDocumentLanguage, languageState, prefetchMessages, setLanguage, storedLanguage } from './i18n/index';
import type { Namespace } from './i18n/languages';
import { toLanguageCode, DEFAULT_LANGUAGE } from './i18n/languages';
import { readString, writeString } from './state/storage';
import { StorageKeys } from '../shared/storageKeys';
import { applyCoins, applyConfig, cachedCoins, cachedConfig, settings } from './state/settings';
import { readFlag } from '../shared/flags';
import { runtimeConfig } from './api/runtimeConfig';
import { compact, separatorsFor } from '../shared/numberFormat';
import { clock } from './time/clock';

/** 4.4: replace on code 200 only. Resolves true when the server's config was applied. */
export async function refreshSettings(): Promise<boolean> {
  try {
    const env = await callRaw(marketApi.getAllSetting);
    if (env.code !== CODE_OK || !env.data) return false;
    applyConfig(env.data, 'server');
    return true;
  } catch {
    return false;
  }
}

export async function refreshCoins(): Promise<boolean> {
  try {
    const env = await callRaw(marketApi.getCoinList);
    if (env.code !== CODE_OK || !env.data) return false;
    applyCoins(env.data);
    return true;
  } catch {
    return false;
  }
}

/** 4.3 step 1. */
export function loadLocal(): void {
  // Spec 1: the light theme is always applied.
  writeString(StorageKeys.theme, 'light');
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = 'light';
  // The settings calls already carry the stored language in their lang headers (spec 7).
  const stored = storedLanguage();
  if (stored) applyDocumentLanguage(stored);
  const config = cachedConfig();
  if (config) applyConfig(config, 'cache', false);
  const coins = cachedCoins();
  if (coins) applyCoins(coins, false);
}

/**
 * 4.3 step 3: stored language, else the default-flagged language, else config.json's `defaultLanguage` (DEPLOY-2:
 * it takes the place of the built-in en), else en.
 */
export function pickLanguage(): string {
  const stored = storedLanguage();
  if (stored) return stored;
  const flagged = settings.languageList.find((l) => readFlag(l.isDefault, false));
  return toLanguageCode(flagged?.dictValue) ?? toLanguageCode(runtimeConfig().defaultLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * PERF-97: the language the messages are fetched in before the settings answer (PERF-54): what local state points
 * to, the stored choice, else the cached settings' default; with no cache, config.json's `defaultLanguage`, else en.
 * The built-in defaults' flag (zh, spec 9.1) says nothing about what the server will flag, so it is not a guess.
 */
export function guessLanguage(): string {
  if (settings.source !== 'defaults') return pickLanguage();
  return storedLanguage() ?? toLanguageCode(runtimeConfig().defaultLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * Runs steps 1-3; the caller mounts afterwards (step 4). Never rejects. `namespaces`: those of the screen the app
 * opens on, whose messages load beside the settings calls in the language the local state points to (PERF-54).
 */
export async function startUp(opts: { namespaces?: readonly Namespace[] } = {}): Promise<void> {
  loadLocal();
  const guess = guessLanguage();
  prefetchMessages(guess, opts.namespaces ?? []);
  const refreshed = Promise.all([refreshSettings(), refreshCoins()]);
  // PERF-100: the page's first number formatter costs the browser's number data (tens of ms, once per page); built
  // here, in a task of its own while the settings calls are on the wire, it is not paid by the first list of prices.
  clock.setTimeout(() => warmNumberFormat(guess), 0);
  await refreshed;
  const lang = pickLanguage();
  const storedId = readString(StorageKeys.languageId) ?? undefined;
  // Picking is not choosing: only an explicit choice (setLanguage from the language list) is stored.
  await setLanguage(lang, { persist: false, languageId: storedId }).catch(() => undefined);
  settings.ready = true;
  // OPC-10: the settings carry operator texts in the reader's language (the new-user notice, the VIP
  // descriptions); a language chosen later asks for them again.
  // (After the change is applied: the call's lang header is the document's language.)
  stopLanguageRefetch?.();
  stopLanguageRefetch = subscribeKey(languageState, 'language', () => void refreshSettings());
}

let stopLanguageRefetch: (() => void) | undefined;

/**
 * PERF-100: builds and caches the number formatters of `lang` that every list of prices uses (its separators and
 * its compact form, src/shared/numberFormat.ts). A language shown later builds its own; the browser's number data,
 * the costly part, is loaded once for all of them.
 */
export function warmNumberFormat(lang: string): void {
  try {
    separatorsFor(lang);
    compact('1000', lang);
  } catch {
    // A browser without Intl's options formats when a price is shown, as before.
  }
}
