import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EarlyRedeem, FinanceEventKind, FinanceKind } from '../../../shared/schemas/finance';
import {
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  keysUsedIn,
  loadMessages,
} from '../../i18n/testing/messageFiles';
import { FINANCE_TABS } from './paths';

describe('[FINUI-11] finance namespace translations (spec 4.5)', () => {
  const en = loadMessages('en', 'finance');

  it('[LANG-4] all 16 languages have the finance file with exactly the English keys and placeholders', () => {
    expectEnglishKeysAndPlaceholders('finance');
  });

  it('[LANG-4] no language leaves a value in English', () => {
    // Coin codes and units may read the same.
    const same = new Set([
      'filter.coin',
      'col.coin',
      'kind.flexible',
      'form.max',
      'product.min',
      'col.kind',
      'form.minPlaceholder',
    ]);
    expectNoEnglishLeft(
      'finance',
      (k, english) => same.has(k) || !/\p{L}{2}/u.test(english.replace(/\{\{\w+\}\}/g, '')),
    );
  });

  it('[LANG-4] every key the finance screens use exists in English, the run-time ones included', () => {
    const used = keysUsedIn(
      ['components', 'screens'].map((x) => join(__dirname, x)),
      [
        /\bt\('([a-zA-Z0-9.]+)'/g,
        /\bt\(\s*'([a-zA-Z0-9.]+)'/g,
        /'((?:form|redeem|settlement|empty|signIn|dates|receipt)\.[a-zA-Z0-9]+)'/g,
      ],
    );
    for (const k of FINANCE_TABS) used.add(`tab.${k}`);
    for (const k of FinanceKind.options) used.add(`kind.${k}`);
    for (const k of EarlyRedeem.options) {
      used.add(`early.${k}`);
      used.add(`earlyLong.${k}`);
    }
    for (const k of FinanceEventKind.options) used.add(`event.${k}`);
    for (const k of ['open', 'amount', 'decimals', 'minimum', 'maximum', 'quota', 'balance']) used.add(`rule.${k}`);
    for (const k of ['form.loading', 'form.agreeFirst', 'form.submit']) used.add(k);
    const missing = [...used].filter((k) => !(k in en));
    expect(used.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
  });
});
