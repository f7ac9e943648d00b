import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGS = ['ar', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh'];
const dir = join(process.cwd(), 'src/app/i18n/locales');
const load = (lang: string) =>
  JSON.parse(readFileSync(join(dir, lang, 'market.json'), 'utf8')) as Record<string, string>;
const en = load('en');
const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();

describe('market namespace translations (spec 4.5)', () => {
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    it(`[spec 4.5] ${lang}: same keys as English, same placeholders, no value left in English`, () => {
      const m = load(lang);
      expect(Object.keys(m).sort()).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) {
        expect(typeof m[k], `${lang}.${k}`).toBe('string');
        expect(m[k].trim(), `${lang}.${k} is empty`).not.toBe('');
        expect(placeholders(m[k]), `${lang}.${k} placeholders`).toEqual(placeholders(en[k]));
        expect(m[k], `${lang}.${k} is the English text`).not.toBe(en[k]);
      }
    });
  }
});
