import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../../../i18n/languages';
import {
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  keysUsedIn,
  loadMessages,
} from '../../../../i18n/testing/messageFiles';

/** Values that may read the same as English: the percentage and the tenor labels, written alike in several languages. */
const SAME_ALLOWED = new Set(['pct', 'tenor.5m', 'tenor.15m', 'tenor.1h', 'tenor.1d']);

describe('options namespace translations (spec 4.5)', () => {
  const en = loadMessages('en', 'options');

  it('[LANG-4][OUI-10] all 16 languages have the options file with exactly the English keys and placeholders', () => {
    expect(NAMESPACES).toContain('options');
    expectEnglishKeysAndPlaceholders('options');
  });

  it('[LANG-4] no language other than English leaves a value in English (the percentage and tenors aside)', () => {
    expectNoEnglishLeft('options', (k) => SAME_ALLOWED.has(k));
  });

  it('[LANG-4][OUI-5] every key the screen uses exists in English, each buying rule has its message', () => {
    const used = keysUsedIn([__dirname, join(__dirname, 'components')]);
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
