import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  keysUsedIn,
  loadMessages,
} from '../../../i18n/testing/messageFiles';
import { WELFARE_TASKS } from '../../../../shared/schemas/rewards';

describe('welfare namespace translations (spec 4.5)', () => {
  const en = loadMessages('en', 'welfare');

  it('[WELUI-1] [LANG-4] all 16 languages have the welfare file with exactly the English keys and placeholders', () => {
    expectEnglishKeysAndPlaceholders('welfare');
  });

  it('[WELUI-1] [LANG-4] no language leaves a value in English', () => {
    // "VIP {{level}}" is spelled so in every language.
    expectNoEnglishLeft('welfare', (key) => key === 'vip.level');
  });

  it('[WELUI-2] every key the welfare screens use exists in English, and every English key is used', () => {
    const used = keysUsedIn(
      ['components', 'screens'].map((x) => join(__dirname, x)),
      [/\bt\('(?:welfare:)?([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*)'/g],
    );
    for (const k of [...used]) if (k.startsWith('common:') || k.startsWith('title.')) used.delete(k);
    // Keys built from the task id and the card state.
    for (const id of WELFARE_TASKS) for (const f of ['title', 'what']) used.add(`task.${id}.${f}`);
    for (const s of ['todo', 'claimable', 'claimed', 'expired']) used.add(`state.${s}`);
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
  });
});
