import { describe, it } from 'vitest';
import { FuturesRecord } from '../../../shared/schemas/records';
import { OptionKind } from '../../../shared/schemas/options';
import { expectKeysCovered, hasNoWord, itHasEveryLanguage, keysUsedByScreens } from '../../i18n/testing/messageFiles';
import { RECORD_TABS } from './paths';

describe('records namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('records', '[LANG-4]', hasNoWord);

  it('[LANG-4] every key the records screen uses exists in English, the run-time ones included', () => {
    const used = keysUsedByScreens(__dirname, [/\bt\('([a-zA-Z.]+)'/g]);
    for (const k of RECORD_TABS) used.add(`tab.${k}`);
    for (const k of FuturesRecord.shape.kind.options) used.add(`kind.${k}`);
    for (const k of ['buy', 'sell', 'long', 'short']) used.add(`side.${k}`);
    for (const k of ['maker', 'taker']) used.add(`role.${k}`);
    for (const k of ['up', 'down']) used.add(`direction.${k}`);
    for (const k of ['win', 'lose', 'draw']) used.add(`result.${k}`);
    for (const k of OptionKind.options) used.add(`option.${k}`);
    for (const k of ['title', 'filtered']) used.add(`empty.${k}`);
    // And nothing in the file goes unused.
    expectKeysCovered(en, used, 50);
  });
});
