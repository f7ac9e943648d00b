import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAKE_MESSAGE } from './model/stake';
import { LANGS, loadMessages, placeholders as vars } from '../../../../i18n/testing/messageFiles';

/** Values that may read the same as English: unit symbols and the percentage, written alike in several languages. */
const SAME_ALLOWED = new Set(['unit.s', 'unit.min', 'unit.h', 'payoutPct']);
const load = (lang: string) => loadMessages(lang, 'seconds');

describe('seconds namespace translations (spec 4.5)', () => {
  const en = load('en');

  it('[LANG-4][SECUI-10] all 16 languages have the seconds file with exactly the English keys and placeholders', () => {
    for (const lang of LANGS) {
      const m = load(lang);
      expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) {
        expect(m[k].trim(), `${lang} ${k}`).not.toBe('');
        expect(vars(m[k]), `${lang} ${k}`).toEqual(vars(en[k]));
      }
    }
  });

  it('[LANG-4] no language other than English leaves a value in English (unit symbols aside)', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const m = load(lang);
      expect(
        Object.keys(en).filter((k) => !SAME_ALLOWED.has(k) && m[k].trim() === en[k].trim()),
        lang,
      ).toEqual([]);
    }
  });

  it('[LANG-4] every key the panel uses exists in English, each stake rule has its message', () => {
    const used = new Set<string>();
    const dirs = [__dirname, join(__dirname, 'components')];
    for (const d of dirs)
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
        const src = readFileSync(join(d, f), 'utf8');
        for (const m of src.matchAll(/\bt\('([^']+)'/g)) used.add(m[1]);
      }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
    for (const k of Object.values(STAKE_MESSAGE)) expect(en[`err.${k}`], k).toBeTruthy();
    for (const k of ['up', 'down', 'result.win', 'result.lose', 'result.draw', 'toast.win', 'toast.lose', 'toast.draw'])
      expect(en[k], k).toBeTruthy();
    for (const k of ['standing.winning', 'standing.losing', 'standing.even', 'preset.min', 'preset.max'])
      expect(en[k], k).toBeTruthy();
  });
});
