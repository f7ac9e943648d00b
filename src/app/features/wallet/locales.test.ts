import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../money/valuation';

const LOCALES = join(__dirname, '../../i18n/locales');
const LANGS = ['ar', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh'];

type Tree = { [k: string]: string | Tree };
function flat(t: Tree, p = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string') out[p + k] = v;
    else Object.assign(out, flat(v, `${p}${k}.`));
  }
  return out;
}
const load = (lang: string, ns = 'wallet') =>
  flat(JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree);
const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();

describe('wallet namespace translations (spec 4.5)', () => {
  const en = load('en');

  it('[LANG-4] all 16 languages have the wallet file with exactly the English keys and placeholders', () => {
    for (const lang of LANGS) {
      const m = load(lang);
      expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) expect(vars(m[k]), `${lang} ${k}`).toEqual(vars(en[k]));
    }
  });

  it('[LANG-4] no language other than English leaves a value in English', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const m = load(lang);
      expect(
        Object.keys(en).filter((k) => m[k].trim() === en[k].trim()),
        lang,
      ).toEqual([]);
    }
  });

  it('[LANG-4] every key the wallet screens use exists in English, the account tabs (NAV-5) included', () => {
    const common = load('en', 'common');
    const used = new Set<string>();
    const usedCommon = new Set<string>();
    for (const d of ['screens', 'components'].map((s) => join(__dirname, s))) {
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
        const src = readFileSync(join(d, f), 'utf8');
        for (const m of src.matchAll(/\bt\('([^']+)'/g)) {
          if (m[1].startsWith('common:')) usedCommon.add(m[1].slice('common:'.length));
          else used.add(m[1].replace(/^wallet:/, ''));
        }
      }
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
    expect([...usedCommon].filter((k) => !(k in common))).toEqual([]);
    for (const a of ACCOUNTS) expect(en[`account.${a}`]).toBeTruthy();
    for (const a of ['deposit', 'withdraw', 'transfer', 'exchange', 'records']) expect(en[`action.${a}`]).toBeTruthy();
  });
});
