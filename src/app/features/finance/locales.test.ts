import { describe, it } from 'vitest';
import { EarlyRedeem, FinanceEventKind, FinanceKind } from '../../../shared/schemas/finance';
import { expectKeysCovered, hasNoWord, itHasEveryLanguage, keysUsedByScreens } from '../../i18n/testing/messageFiles';
import { FINANCE_TABS } from './paths';

describe('[FINUI-11] finance namespace translations (spec 4.5)', () => {
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
  const en = itHasEveryLanguage('finance', '[LANG-4]', (k, english) => same.has(k) || hasNoWord(k, english));

  it('[LANG-4] every key the finance screens use exists in English, the run-time ones included', () => {
    const used = keysUsedByScreens(__dirname, [
      /\bt\('([a-zA-Z0-9.]+)'/g,
      /\bt\(\s*'([a-zA-Z0-9.]+)'/g,
      /'((?:form|redeem|settlement|empty|signIn|dates|receipt)\.[a-zA-Z0-9]+)'/g,
    ]);
    for (const k of FINANCE_TABS) used.add(`tab.${k}`);
    for (const k of FinanceKind.options) used.add(`kind.${k}`);
    for (const k of EarlyRedeem.options) {
      used.add(`early.${k}`);
      used.add(`earlyLong.${k}`);
    }
    for (const k of FinanceEventKind.options) used.add(`event.${k}`);
    for (const k of ['open', 'amount', 'decimals', 'minimum', 'maximum', 'quota', 'balance']) used.add(`rule.${k}`);
    for (const k of ['form.loading', 'form.agreeFirst', 'form.submit']) used.add(k);
    expectKeysCovered(en, used, 100);
  });
});
