import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpotOrderStatus } from '../../../shared/schemas/trading';
import { LANGS, loadMessages, placeholders as vars } from '../../i18n/testing/messageFiles';

/** Words a language shares with English (LANG-4's allow-list): trading terms borrowed as they are. */
const SAME_AS_ENGLISH = new Set(['Limit', 'Total', 'Max', 'Status', 'Action', 'Pages', 'Maker', 'Taker', 'Trades']);
const load = (lang: string) => loadMessages(lang, 'trade');

describe('trade namespace translations (spec 4.5)', () => {
  const en = load('en');

  it('[LANG-4] all 16 languages have the trade file with exactly the English keys and placeholders', () => {
    for (const lang of LANGS) {
      const m = load(lang);
      expect(Object.keys(m).sort(), lang).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) {
        expect(m[k].trim(), `${lang} ${k}`).not.toBe('');
        expect(vars(m[k]), `${lang} ${k}`).toEqual(vars(en[k]));
      }
    }
  });

  it('[LANG-4] no language leaves a value in English, but for the allow-listed trading terms', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const m = load(lang);
      expect(
        Object.keys(en).filter((k) => m[k].trim() === en[k].trim() && !SAME_AS_ENGLISH.has(en[k].trim())),
        lang,
      ).toEqual([]);
    }
  });

  it('[LANG-4] every key the spot screen uses exists in English, the rule names and statuses included', () => {
    const used = new Set<string>();
    const dirs = ['components/spot', 'panels/spot', 'model'].map((d) => join(__dirname, d));
    for (const d of dirs)
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
        const src = readFileSync(join(d, f), 'utf8');
        for (const m of src.matchAll(/\bt\('([^']+)'/g)) used.add(m[1]);
        for (const m of src.matchAll(/key: '([a-zA-Z.]+)'/g)) used.add(m[1]);
      }
    // Keys built at run time (model/spotForm.ts, SpotOrders.tsx).
    for (const s of ['buy', 'sell'])
      for (const k of ['limit', 'market']) used.add(`rule.${k}${s === 'buy' ? 'Buy' : 'Sell'}Off`);
    for (const f of ['price', 'amount']) for (const r of ['Empty', 'Zero', 'Invalid']) used.add(`rule.${f}${r}`);
    for (const s of SpotOrderStatus.options) used.add(`status.${s}`);
    for (const k of ['open', 'history', 'fills']) used.add(`tab.${k}`);
    for (const k of ['user', 'market', 'selfTrade']) used.add(`reason.${k}`);
    for (const k of ['maker', 'taker']) used.add(`role.${k}`);
    const market = loadMessages('en', 'market');
    const missing = [...used].filter((k) => !(k in en) && !(k in market));
    expect(used.size).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });
});
