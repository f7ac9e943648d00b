/**
 * i18next setup (spec 4.5). Namespaces `common` (shell), `market`, `account`; files
 * src/app/i18n/locales/<lang>/<ns>.json, each loaded lazily as its own chunk. English is always loaded
 * too, as the fallback. `setLanguage` stores the choice (3.1 language + language id), sets
 * `<html lang>` and, for Arabic, `dir="rtl"` so the layout mirrors.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { proxy } from 'valtio';
import { StorageKeys } from '../../shared/storageKeys';
import { readString, writeString } from '../state/storage';
import { DEFAULT_LANGUAGE, NAMESPACES, isRtl, toLanguageCode, type LanguageCode } from './languages';

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
async function loadLanguage(code: LanguageCode): Promise<void> {
  await Promise.all(
    NAMESPACES.map(async (ns) => {
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
export async function setLanguage(code: string, opts: { languageId?: string | number; persist?: boolean } = {}): Promise<LanguageCode> {
  const lang = toLanguageCode(code) ?? DEFAULT_LANGUAGE;
  languageState.loading = true;
  try {
    await init();
    await Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(lang)]);
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
