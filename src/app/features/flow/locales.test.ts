import { describe, it } from 'vitest';
import { expectKeysCovered, itHasEveryLanguage, keysUsedByScreens } from '../../i18n/testing/messageFiles';

/** Keys the screens build from a value (`t(\`state.${s}\`)`), spelled out. */
const BUILT = [
  ...['unpaid', 'paid', 'completed', 'cancelled', 'expired'].map((s) => `state.${s}`),
  ...['taken', 'paid', 'completed', 'cancelled', 'expired'].map((s) => `step.${s}`),
  ...['bank', 'card', 'wallet', 'cash'].map((m) => `method.${m}`),
  ...['buy', 'sell'].flatMap((s) => [
    `side.${s}`,
    `market.empty.${s}`,
    `take.open.${s}`,
    `take.title.${s}`,
    `take.amount.${s}`,
    `take.note.${s}`,
    `take.submit.${s}`,
    `offerForm.sideOf.${s}`,
  ]),
  // WORD-4: takeSummary's lines (model/flow.ts).
  ...['youPay', 'youSell', 'youReceive', 'amount.buyCoin', 'amount.sellFiat'].map((k) => `take.${k}`),
  ...['active', 'ended', 'offers'].map((k) => `mine.tab.${k}`),
  ...['active', 'ended'].map((k) => `mine.empty.${k}`),
  ...['price', 'amount', 'minFiat', 'maxFiat'].flatMap((f) => [`offerForm.${f}`, `rule.enter.${f}`]),
  ...['paid', 'release', 'cancel'].flatMap((a) => [
    `order.action.${a}`,
    `order.done.${a}`,
    `order.confirm.${a}.title`,
    `order.confirm.${a}.text`,
    `order.confirm.${a}.yes`,
  ]),
  ...['buyerPay', 'sellerWaitPay', 'buyerWaitRelease', 'sellerCheck'].map((w) => `order.wait.${w}`),
  ...['you', 'them', 'timeout'].map((w) => `endedBy.${w}`),
  ...['active', 'suspended', 'none'].map((s) => `apply.state.${s}`),
  ...['nameShort', 'nameLong', 'details', 'detailsLong', 'deposit'].map((r) => `apply.rule.${r}`),
  // The pager's words, which the platform's ListPager reads in this namespace (components/cells.tsx).
  ...['label', 'prev', 'next'].map((w) => `pager.${w}`),
];

describe('flow namespace translations (spec 4.5)', () => {
  // Values with nothing to translate once placeholders and tickers are removed ("{{fiat}}", "USDT").
  const en = itHasEveryLanguage(
    'flow',
    '[FLOWUI-8] [LANG-4]',
    (_key, english) => !/[a-z]/.test(english.replace(/\{\{\w+\}\}/g, '')),
  );

  it('[FLOWUI-8] every key the flow screens use exists in English, and every English key is used', () => {
    const used = keysUsedByScreens(__dirname, [
      /\bt\('(?:flow:)?([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*)'/g,
      /\? '((?:order|apply)\.[a-zA-Z.]+)'/g,
      / : '((?:order|apply)\.[a-zA-Z.]+)'/g,
      /'(apply\.rule\.[a-zA-Z]+)'/g,
    ]);
    for (const k of [...used]) if (k.startsWith('common:')) used.delete(k);
    for (const k of BUILT) used.add(k);
    // The shared rules' words (ruleText in model/flow.ts; model/flow.test.ts checks each message has one).
    for (const k of Object.keys(en)) if (k.startsWith('rule.')) used.add(k);
    expectKeysCovered(en, used, 100);
  });
});
