import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FuturesRecord } from '../../../shared/schemas/records';
import { OptionKind } from '../../../shared/schemas/options';
import { LANGS, loadMessages, placeholders as vars } from '../../i18n/testing/messageFiles';
import { RECORD_TABS } from './paths';

const load = (lang: string) => loadMessages(lang, 'records');

describe('records namespace translations (spec 4.5)', () => {
  const en = load('en');

  it('[LANG-4] all 16 languages have the records file with exactly the English keys and placeholders', () => {
    for (const lang of LANGS) {
      const m = load(lang);
      expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) {
        expect(m[k].trim(), `${lang} ${k}`).not.toBe('');
        expect(vars(m[k]), `${lang} ${k}`).toEqual(vars(en[k]));
      }
    }
  });

  it('[LANG-4] no language leaves a value in English', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const m = load(lang);
      expect(
        Object.keys(en).filter(
          (k) => m[k].trim() === en[k].trim() && /\p{L}{2}/u.test(en[k].replace(/\{\{\w+\}\}/g, '')),
        ),
        lang,
      ).toEqual([]);
    }
  });

  it('[LANG-4] every key the records screen uses exists in English, the run-time ones included', () => {
    const used = new Set<string>();
    for (const d of ['components', 'screens'].map((x) => join(__dirname, x)))
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.')))
        for (const m of readFileSync(join(d, f), 'utf8').matchAll(/\bt\('([a-zA-Z.]+)'/g)) used.add(m[1]);
    for (const k of RECORD_TABS) used.add(`tab.${k}`);
    for (const k of FuturesRecord.shape.kind.options) used.add(`kind.${k}`);
    for (const k of ['buy', 'sell', 'long', 'short']) used.add(`side.${k}`);
    for (const k of ['maker', 'taker']) used.add(`role.${k}`);
    for (const k of ['up', 'down']) used.add(`direction.${k}`);
    for (const k of ['win', 'lose', 'draw']) used.add(`result.${k}`);
    for (const k of OptionKind.options) used.add(`option.${k}`);
    for (const k of ['title', 'filtered']) used.add(`empty.${k}`);
    const missing = [...used].filter((k) => !(k in en));
    expect(used.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    // And nothing in the file goes unused.
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
  });
});
