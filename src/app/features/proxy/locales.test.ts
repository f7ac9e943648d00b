import { describe, it } from 'vitest';
import { expectKeysCovered, itHasEveryLanguage, keysUsedByScreens } from '../../i18n/testing/messageFiles';

describe('proxy namespace translations (spec 4.5)', () => {
  // Words some languages spell as English does ("Agents", "Commission (USDT)", "Pages").
  const same = new Set(['programme.participant', 'records.commission', 'earnings.commissionUsdt', 'pager.label']);
  const en = itHasEveryLanguage('proxy', '[PROXY-14] [LANG-4]', (key) => same.has(key));

  it('[PROXY-14] every key the proxy screens use exists in English, and every English key is used', () => {
    const used = keysUsedByScreens(__dirname, [/\bt\('(?:proxy:)?([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*)'/g]);
    for (const k of [...used]) if (k.startsWith('common:') || k.startsWith('title.')) used.delete(k);
    // The pager's words, which the platform's ListPager reads in this namespace (components/Pager.tsx).
    for (const w of ['label', 'prev', 'next']) used.add(`pager.${w}`);
    expectKeysCovered(en, used, 50);
  });
});
