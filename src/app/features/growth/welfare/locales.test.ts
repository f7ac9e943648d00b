import { describe, it } from 'vitest';
import { expectKeysCovered, itHasEveryLanguage, keysUsedByScreens } from '../../../i18n/testing/messageFiles';
import { WELFARE_TASKS } from '../../../../shared/schemas/rewards';

describe('welfare namespace translations (spec 4.5)', () => {
  // "VIP {{level}}" is spelled so in every language.
  const en = itHasEveryLanguage('welfare', '[WELUI-1] [LANG-4]', (key) => key === 'vip.level');

  it('[WELUI-2] every key the welfare screens use exists in English, and every English key is used', () => {
    const used = keysUsedByScreens(__dirname, [/\bt\('(?:welfare:)?([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*)'/g]);
    for (const k of [...used]) if (k.startsWith('common:') || k.startsWith('title.')) used.delete(k);
    // Keys built from the task id and the card state.
    for (const id of WELFARE_TASKS) for (const f of ['title', 'what']) used.add(`task.${id}.${f}`);
    for (const s of ['todo', 'claimable', 'claimed', 'expired']) used.add(`state.${s}`);
    expectKeysCovered(en, used, 0);
  });
});
