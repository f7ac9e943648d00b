import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FuturesOrderStatus } from '../../../../../shared/schemas/futures';
import type { FuturesRule } from '../../../../../shared/trading/futuresChecks';
import { itHasEveryLanguage, keysUsedIn, loadMessages } from '../../../../i18n/testing/messageFiles';

/**
 * Values that may read the same as English (LANG-4's allow-list): trading terms borrowed as they are in several
 * languages (Limit, Long, Short, Margin, Funding, TP/SL, Take profit...).
 */
const SAME_AS_ENGLISH = new Set([
  'Limit',
  'Long',
  'Short',
  'Margin',
  'Funding',
  'Status',
  'Order',
  'Optional',
  'Action',
  'Pages',
  'Take profit',
  'Stop loss',
  'Take profit / stop loss',
  'TP/SL',
  'TP / SL',
]);
const RULES: readonly FuturesRule[] = [
  'enabled',
  'side',
  'type',
  'leverage',
  'price',
  'shares',
  'maxShare',
  'minMargin',
  'balance',
  'position',
  'closeSize',
  'book',
  'takeProfit',
  'stopLoss',
];

describe('futures namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('futures', '[LANG-4]', (_, english) => SAME_AS_ENGLISH.has(english.trim()));

  it('[LANG-4] every key the futures screen uses exists in English, the rule names and statuses included', () => {
    const used = keysUsedIn([__dirname, join(__dirname, '../../panels/futures')]);
    // Keys built at run time.
    for (const r of RULES) used.add(`rule.${r}`);
    used.add('rule.sharesEmpty');
    for (const s of FuturesOrderStatus.options) used.add(`status.${s}`);
    for (const k of ['positions', 'open', 'history', 'funding']) used.add(`tab.${k}`);
    for (const k of ['user', 'market', 'selfTrade', 'positionClosed']) used.add(`reason.${k}`);
    for (const k of ['liquidated', 'takeProfit', 'stopLoss']) used.add(`event.${k}`);
    for (const a of ['open', 'close']) for (const s of ['Long', 'Short']) used.add(`${a}${s}`);
    for (const k of ['limit', 'market', 'open', 'close', 'long', 'short', 'takeProfit', 'stopLoss']) used.add(k);
    const market = loadMessages('en', 'market');
    const missing = [...used].filter((k) => !(k in en) && !(k in market));
    expect(used.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
