/**
 * For the namespaces' translation tests (LANG-4): the 16 languages, a namespace's message file flattened to
 * dotted keys, the placeholders of a message, read from src/app/i18n/locales, and the checks every namespace's
 * test makes. Test support, Node only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

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

/**
 * LANG-4: every language has namespace `ns` with exactly the English keys, no value empty and each value with the
 * English placeholders.
 */
export function expectEnglishKeysAndPlaceholders(ns: string): void {
  const en = loadMessages('en', ns);
  for (const lang of LANGS) {
    const m = loadMessages(lang, ns);
    expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
    for (const k of Object.keys(en)) {
      expect(m[k].trim(), `${lang} ${k}`).not.toBe('');
      expect(placeholders(m[k]), `${lang} ${k}`).toEqual(placeholders(en[k]));
    }
  }
}

/**
 * LANG-4: no language but English leaves a value of namespace `ns` as the English one, but where
 * `allowed(key, english)` says it may read the same.
 */
export function expectNoEnglishLeft(ns: string, allowed: (key: string, english: string) => boolean): void {
  const en = loadMessages('en', ns);
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const m = loadMessages(lang, ns);
    expect(
      Object.keys(en).filter((k) => !allowed(k, en[k]) && m[k].trim() === en[k].trim()),
      lang,
    ).toEqual([]);
  }
}

/** The message keys the source files (tests aside) in `dirs` use: the first group of each match of `patterns`. */
export function keysUsedIn(dirs: readonly string[], patterns: readonly RegExp[] = [/\bt\('([^']+)'/g]): Set<string> {
  const used = new Set<string>();
  for (const d of dirs)
    for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
      const src = readFileSync(join(d, f), 'utf8');
      for (const p of patterns) for (const m of src.matchAll(p)) used.add(m[1]);
    }
  return used;
}

/** The message keys a feature's `components` and `screens` (below `featureDir`) use, as `keysUsedIn` reads them. */
export function keysUsedByScreens(featureDir: string, patterns?: readonly RegExp[]): Set<string> {
  return keysUsedIn(
    ['components', 'screens'].map((x) => join(featureDir, x)),
    patterns,
  );
}

/** `allowed` for `expectNoEnglishLeft`: a value with no word in it once its placeholders are gone. */
export const hasNoWord = (_key: string, english: string): boolean =>
  !/\p{L}{2}/u.test(english.replace(/\{\{\w+\}\}/g, ''));

/**
 * LANG-4's two checks of namespace `ns` as two tests, their titles led by `tags` (the rule ids they cite):
 * `expectEnglishKeysAndPlaceholders`, then `expectNoEnglishLeft` with `allowed`. Returns the English messages.
 */
export function itHasEveryLanguage(
  ns: string,
  tags: string,
  allowed: (key: string, english: string) => boolean,
): Record<string, string> {
  it(`${tags} all 16 languages have the ${ns} file with exactly the English keys and placeholders`, () => {
    expectEnglishKeysAndPlaceholders(ns);
  });
  it(`${tags} no language leaves a value in English`, () => {
    expectNoEnglishLeft(ns, allowed);
  });
  return loadMessages('en', ns);
}

/**
 * The keys `used` (more than `least` of them) are all in the English file `en` and, unless `unusedOk`, every
 * English key is among them.
 */
export function expectKeysCovered(
  en: Record<string, string>,
  used: ReadonlySet<string>,
  least: number,
  unusedOk = false,
): void {
  expect(used.size).toBeGreaterThan(least);
  expect([...used].filter((k) => !(k in en))).toEqual([]);
  if (!unusedOk) expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
}
