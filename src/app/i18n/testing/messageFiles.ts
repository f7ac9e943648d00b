/**
 * For the namespaces' translation tests (LANG-4): the 16 languages, a namespace's message file flattened to
 * dotted keys, and the placeholders of a message, read from src/app/i18n/locales. Test support, Node only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES = join(__dirname, '../locales');
export const LANGS = ['ar', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh'];

type Tree = { [k: string]: string | Tree };
function flat(t: Tree, p = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string') out[p + k] = v;
    else Object.assign(out, flat(v, `${p}${k}.`));
  }
  return out;
}

/** `lang`'s messages of namespace `ns`, nested keys joined with dots. */
export function loadMessages(lang: string, ns: string): Record<string, string> {
  return flat(JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree);
}

/** The {{placeholders}} of a message, sorted. */
export function placeholders(s: string): string[] {
  return (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();
}
