/**
 * i18next setup (spec 4.5). Namespaces `common` (shell), `market`, `account`; files
 * src/app/i18n/locales/<lang>/<ns>.json, each loaded lazily as its own chunk. The start-up loads `common`
 * only; a feature's namespace is loaded with its routes (`loadNamespaces`, awaited by the route table), so the
 * home screen loads only what it shows. English is always loaded too, as the fallback. `setLanguage` loads
 * the namespaces wanted so far in the new language, stores the choice (3.1 language + language id), sets
 * `<html lang>` and, for Arabic, `dir="rtl"` so the layout mirrors.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { proxy } from 'valtio';
import { StorageKeys } from '../../shared/storageKeys';
import { readString, writeString } from '../state/storage';
import { DEFAULT_LANGUAGE, NAMESPACES, isRtl, toLanguageCode, type LanguageCode, type Namespace } from './languages';

type Loader = () => Promise<{ default: Record<string, unknown> }>;
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json') as Record<string, Loader>;

export const i18n = i18next;

/** The chosen language, for components outside React's i18n context (and spec 3.5 `language`). */
export const languageState = proxy({ language: DEFAULT_LANGUAGE as LanguageCode, loading: false });

let initialised: Promise<unknown> | undefined;
function init(): Promise<unknown> {
  initialised ??= i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return initialised;
}

const loaded = new Set<string>();
/** The namespaces loaded so far (start-up: the shell's); a language switch loads these in the new language. */
const wanted = new Set<Namespace>(['common']);
/** The language being switched to (or on screen), so a namespace wanted mid-switch is loaded in it too. */
let target: LanguageCode = DEFAULT_LANGUAGE;

async function loadBundles(code: LanguageCode, namespaces: Iterable<Namespace>): Promise<void> {
  await Promise.all(
    [...namespaces].map(async (ns) => {
      const key = `${code}/${ns}`;
      if (loaded.has(key)) return;
      const load = loaders[`./locales/${code}/${ns}.json`];
      if (!load) return; // missing file: English fallback covers it
      try {
        const mod = await load();
        i18next.addResourceBundle(code, ns, mod.default, true, true);
        loaded.add(key);
      } catch {
        /* chunk failed to load (offline): English fallback covers it */
      }
    }),
  );
}

/**
 * Loads namespaces in English and in the current language (a feature's routes await this before they render).
 * Resolves once the messages are there, or failed to load (then English or the keys show).
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  if (namespaces.length === 0) return;
  await init();
  await Promise.all([loadBundles(DEFAULT_LANGUAGE, namespaces), loadBundles(target, namespaces)]);
}

/**
 * PERF-54: starts loading `common` and `namespaces` in English and in `code` (start-up's guess of the language,
 * from what is stored locally) without waiting, beside the settings calls; `setLanguage` and the route's
 * `loadNamespaces` then find them loaded. A wrong guess costs bytes, never a wrong language: nothing is applied here.
 */
export function prefetchMessages(code: string, namespaces: readonly Namespace[]): void {
  const lang = toLanguageCode(code) ?? DEFAULT_LANGUAGE;
  const all: Namespace[] = ['common', ...namespaces];
  void init().then(() => Promise.all([loadBundles(DEFAULT_LANGUAGE, all), loadBundles(lang, all)]));
}

/** Sets `<html lang>` and `dir` (spec 2.4, 4.5). */
export function applyDocumentLanguage(code: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}

/**
 * Switches the language: loads its messages (falls back to English for anything missing), stores the
 * choice and its dictionary id, and sets the page language. Unknown codes fall back to English.
 */
export async function setLanguage(
  code: string,
  opts: { languageId?: string | number; persist?: boolean } = {},
): Promise<LanguageCode> {
  const lang = toLanguageCode(code) ?? DEFAULT_LANGUAGE;
  languageState.loading = true;
  try {
    target = lang;
    await init();
    await Promise.all([loadBundles(DEFAULT_LANGUAGE, wanted), loadBundles(lang, wanted)]);
    await i18next.changeLanguage(lang);
  } finally {
    languageState.loading = false;
  }
  languageState.language = lang;
  applyDocumentLanguage(lang);
  if (opts.persist !== false) {
    writeString(StorageKeys.language, lang);
    if (opts.languageId !== undefined) writeString(StorageKeys.languageId, String(opts.languageId));
  }
  return lang;
}

/** The stored choice, if any and bundled. */
export function storedLanguage(): LanguageCode | undefined {
  return toLanguageCode(readString(StorageKeys.language));
}
