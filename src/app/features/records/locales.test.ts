import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FuturesRecord } from '../../../shared/schemas/records';
import { OptionKind } from '../../../shared/schemas/options';
import {
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  keysUsedIn,
  loadMessages,
} from '../../i18n/testing/messageFiles';
import { RECORD_TABS } from './paths';

describe('records namespace translations (spec 4.5)', () => {
  const en = loadMessages('en', 'records');

  it('[LANG-4] all 16 languages have the records file with exactly the English keys and placeholders', () => {
    expectEnglishKeysAndPlaceholders('records');
  });

  it('[LANG-4] no language leaves a value in English', () => {
    expectNoEnglishLeft('records', (_, english) => !/\p{L}{2}/u.test(english.replace(/\{\{\w+\}\}/g, '')));
  });

  it('[LANG-4] every key the records screen uses exists in English, the run-time ones included', () => {
    const used = keysUsedIn(
      ['components', 'screens'].map((x) => join(__dirname, x)),
      [/\bt\('([a-zA-Z.]+)'/g],
    );
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
