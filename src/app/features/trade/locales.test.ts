import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpotOrderStatus } from '../../../shared/schemas/trading';
import { itHasEveryLanguage, keysUsedIn, loadMessages } from '../../i18n/testing/messageFiles';

/** Words a language shares with English (LANG-4's allow-list): trading terms borrowed as they are. */
const SAME_AS_ENGLISH = new Set(['Limit', 'Total', 'Max', 'Status', 'Action', 'Pages', 'Maker', 'Taker', 'Trades']);

describe('trade namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('trade', '[LANG-4]', (_, english) => SAME_AS_ENGLISH.has(english.trim()));

  it('[LANG-4] every key the spot screen uses exists in English, the rule names and statuses included', () => {
    const used = keysUsedIn(
      ['components/spot', 'panels/spot', 'model'].map((d) => join(__dirname, d)),
      [/\bt\('([^']+)'/g, /key: '([a-zA-Z.]+)'/g],
    );
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
