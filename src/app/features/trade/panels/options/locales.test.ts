import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../../../i18n/languages';
import { expectKeysCovered, itHasEveryLanguage, keysUsedIn } from '../../../../i18n/testing/messageFiles';

/** Values that may read the same as English: the percentage and the tenor labels, written alike in several languages. */
const SAME_ALLOWED = new Set(['pct', 'tenor.5m', 'tenor.15m', 'tenor.1h', 'tenor.1d']);

describe('options namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('options', '[LANG-4][OUI-10]', (k) => SAME_ALLOWED.has(k));

  it('[OUI-10] options is one of the namespaces', () => {
    expect(NAMESPACES).toContain('options');
  });

  it('[LANG-4][OUI-5] every key the screen uses exists in English, each buying rule has its message', () => {
    expectKeysCovered(en, keysUsedIn([__dirname, join(__dirname, 'components')]), 50, true);
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
