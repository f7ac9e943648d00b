import { describe, it } from 'vitest';
import { FollowEvent, FollowStatus, TraderRule } from '../../../shared/schemas/follow';
import { expectKeysCovered, hasNoWord, itHasEveryLanguage, keysUsedByScreens } from '../../i18n/testing/messageFiles';
import { SORTS } from './model/follow';
import { FOLLOW_TABS } from './paths';

describe('follow namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('follow', '[LANG-4]', hasNoWord);

  it('[LANG-4] every key the copy-trading screens use exists in English, the run-time ones included', () => {
    const used = keysUsedByScreens(__dirname, [
      /\bt\('([a-zA-Z.]+)'/g,
      /\? '([a-zA-Z]+\.[a-zA-Z.]+)' :/g,
      / : '([a-zA-Z]+\.[a-zA-Z.]+)'[),]/g,
    ]);
    for (const k of FOLLOW_TABS) used.add(`tab.${k}`);
    for (const k of SORTS) used.add(`sort.${k}`);
    for (const k of ['fixed', 'ratio']) used.add(`mode.${k}`);
    for (const k of ['amount', 'ratio', 'maxTotal', 'stopLoss']) {
      used.add(`rule.${k}`);
      used.add(`dialog.${k}`);
    }
    for (const k of ['roi', 'pnl', 'winRate', 'drawdown']) {
      used.add(`fig.${k}`);
      used.add(`how.${k}`);
    }
    for (const k of ['long', 'short']) used.add(`side.${k}`);
    for (const k of FollowStatus.options) used.add(`status.${k}`);
    for (const k of FollowEvent.shape.kind.options) used.add(`event.${k}`);
    for (const k of TraderRule.shape.rule.options) used.add(`prog.rule.${k}`);
    // And nothing in the file goes unused.
    expectKeysCovered(en, used, 100);
  });
});
