import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAKE_MESSAGE } from './model/stake';
import {
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  keysUsedIn,
  loadMessages,
} from '../../../../i18n/testing/messageFiles';

/** Values that may read the same as English: unit symbols and the percentage, written alike in several languages. */
const SAME_ALLOWED = new Set(['unit.s', 'unit.min', 'unit.h', 'payoutPct']);

describe('seconds namespace translations (spec 4.5)', () => {
  const en = loadMessages('en', 'seconds');

  it('[LANG-4][SECUI-10] all 16 languages have the seconds file with exactly the English keys and placeholders', () => {
    expectEnglishKeysAndPlaceholders('seconds');
  });

  it('[LANG-4] no language other than English leaves a value in English (unit symbols aside)', () => {
    expectNoEnglishLeft('seconds', (k) => SAME_ALLOWED.has(k));
  });

  it('[LANG-4] every key the panel uses exists in English, each stake rule has its message', () => {
    const used = keysUsedIn([__dirname, join(__dirname, 'components')]);
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
    for (const k of Object.values(STAKE_MESSAGE)) expect(en[`err.${k}`], k).toBeTruthy();
    for (const k of ['up', 'down', 'result.win', 'result.lose', 'result.draw', 'toast.win', 'toast.lose', 'toast.draw'])
      expect(en[k], k).toBeTruthy();
    for (const k of ['standing.winning', 'standing.losing', 'standing.even', 'preset.min', 'preset.max'])
      expect(en[k], k).toBeTruthy();
  });
});
