/** The 16 bundled languages of spec 4.5, with their native names (used when the settings list has none). */
import { LANGUAGE_CODES, type LanguageCode } from '../../shared/schemas/dictionary';

export { LANGUAGE_CODES, type LanguageCode };

export const NATIVE_NAMES: Record<LanguageCode, string> = {
  ar: 'العربية',
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  th: 'ไทย',
  tr: 'Türkçe',
  vi: 'Tiếng Việt',
  zh: '中文',
};

/** Spec 9.1: the app shell's default language. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar'];

export const NAMESPACES = [
  'common',
  'market',
  'account',
  'wallet',
  'seconds',
  'trade',
  'futures',
  'options',
  'records',
  'follow',
  'finance',
  'proxy',
  'welfare',
  'invite',
  'flow',
  'inbox',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Maps "zh-CN", "pt_BR", "EN" to a bundled code, or undefined. */
export function toLanguageCode(v: unknown): LanguageCode | undefined {
  if (typeof v !== 'string') return undefined;
  const base = v.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGE_CODES as readonly string[]).includes(base) ? (base as LanguageCode) : undefined;
}

export function isRtl(code: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(code);
}
