import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAKE_MESSAGE } from './model/stake';
import { expectKeysCovered, itHasEveryLanguage, keysUsedIn } from '../../../../i18n/testing/messageFiles';

/** Values that may read the same as English: unit symbols and the percentage, written alike in several languages. */
const SAME_ALLOWED = new Set(['unit.s', 'unit.min', 'unit.h', 'payoutPct']);

describe('seconds namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('seconds', '[LANG-4][SECUI-10]', (k) => SAME_ALLOWED.has(k));

  it('[LANG-4] every key the panel uses exists in English, each stake rule has its message', () => {
    expectKeysCovered(en, keysUsedIn([__dirname, join(__dirname, 'components')]), 40, true);
    for (const k of Object.values(STAKE_MESSAGE)) expect(en[`err.${k}`], k).toBeTruthy();
    for (const k of ['up', 'down', 'result.win', 'result.lose', 'result.draw', 'toast.win', 'toast.lose', 'toast.draw'])
      expect(en[k], k).toBeTruthy();
    for (const k of ['standing.winning', 'standing.losing', 'standing.even', 'preset.min', 'preset.max'])
      expect(en[k], k).toBeTruthy();
  });
});
