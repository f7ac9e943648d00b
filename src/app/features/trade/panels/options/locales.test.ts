import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../../../i18n/languages';
import { LANGS, loadMessages, placeholders as vars } from '../../../../i18n/testing/messageFiles';

/** Values that may read the same as English: the percentage and the tenor labels, written alike in several languages. */
const SAME_ALLOWED = new Set(['pct', 'tenor.5m', 'tenor.15m', 'tenor.1h', 'tenor.1d']);
const load = (lang: string) => loadMessages(lang, 'options');

describe('options namespace translations (spec 4.5)', () => {
  const en = load('en');

  it('[LANG-4][OUI-10] all 16 languages have the options file with exactly the English keys and placeholders', () => {
    expect(NAMESPACES).toContain('options');
    for (const lang of LANGS) {
      const m = load(lang);
      expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) {
        expect(m[k].trim(), `${lang} ${k}`).not.toBe('');
        expect(vars(m[k]), `${lang} ${k}`).toEqual(vars(en[k]));
      }
    }
  });

  it('[LANG-4] no language other than English leaves a value in English (the percentage and tenors aside)', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const m = load(lang);
      expect(
        Object.keys(en).filter((k) => !SAME_ALLOWED.has(k) && m[k].trim() === en[k].trim()),
        lang,
      ).toEqual([]);
    }
  });

  it('[LANG-4][OUI-5] every key the screen uses exists in English, each buying rule has its message', () => {
    const used = new Set<string>();
    const dirs = [__dirname, join(__dirname, 'components')];
    for (const d of dirs)
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
        const src = readFileSync(join(d, f), 'utf8');
        for (const m of src.matchAll(/\bt\('([^']+)'/g)) used.add(m[1]);
      }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
    for (const r of [
      'enabled',
      'quantityEmpty',
      'quantityNumber',
      'quantityDecimals',
      'expiry',
      'minimum',
      'maximum',
      'balance',
    ])
      expect(en[`rule.${r}`], r).toBeTruthy();
    for (const k of [
      'kind.call',
      'kind.put',
      'tenor.5m',
      'tenor.15m',
      'tenor.1h',
      'tenor.1d',
      'audit.formula.call',
      'audit.formula.put',
    ])
      expect(en[k], k).toBeTruthy();
  });
});
