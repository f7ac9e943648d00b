import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  keysUsedIn,
  loadMessages,
} from '../../i18n/testing/messageFiles';

describe('proxy namespace translations (spec 4.5)', () => {
  const en = loadMessages('en', 'proxy');

  it('[PROXY-14] [LANG-4] all 16 languages have the proxy file with exactly the English keys and placeholders', () => {
    expectEnglishKeysAndPlaceholders('proxy');
  });

  it('[PROXY-14] [LANG-4] no language leaves a value in English', () => {
    // Words some languages spell as English does ("Agents", "Commission (USDT)", "Pages").
    const same = new Set(['programme.participant', 'records.commission', 'earnings.commissionUsdt', 'pager.label']);
    expectNoEnglishLeft('proxy', (key) => same.has(key));
  });

  it('[PROXY-14] every key the proxy screens use exists in English, and every English key is used', () => {
    const used = keysUsedIn(
      ['components', 'screens'].map((x) => join(__dirname, x)),
      [/\bt\('(?:proxy:)?([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*)'/g],
    );
    used.delete('title.proxy');
    for (const k of [...used]) if (k.startsWith('common:')) used.delete(k);
    const missing = [...used].filter((k) => !(k in en) && !k.startsWith('title.'));
    expect(used.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
  });
});
