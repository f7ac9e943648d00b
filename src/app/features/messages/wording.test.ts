/**
 * How messages read (MSGUI-4, MSGUI-5): every kind and variant the server writes (MSG-2) is worded in each of the
 * 16 languages with every placeholder filled and no key left showing; amounts go through the language's number
 * format; pairs read BASE/QUOTE; announcements keep the operator's words; the facts under a message.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/schemas/inbox';
import {
  LANGS,
  expectEnglishKeysAndPlaceholders,
  expectNoEnglishLeft,
  loadMessages,
} from '../../i18n/testing/messageFiles';
import { messageFacts, messageWords, pairLabel, type Translate } from './model/wording';
import { badgeText, idOf } from '../../ui/inboxNumbers';

function translator(lang: string): Translate {
  const m = loadMessages(lang, 'inbox');
  return (key, opts = {}) => {
    const s = m[key];
    if (s === undefined) return typeof opts.defaultValue === 'string' ? opts.defaultValue : key;
    return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => String(opts[v] ?? `{{${v}}}`));
  };
}
/** A stand-in number format that shows it ran: "1234.5" -> "<1234.5>". */
const num = (v: string) => `<${v}>`;

const msg = (kind: Message['kind'], params: Record<string, string>, extra: Partial<Message> = {}): Message => ({
  id: 1,
  kind,
  params,
  title: '',
  body: '',
  createdAt: 0,
  readAt: null,
  ...extra,
});

/** One message of every kind and variant the server writes (server/src/inbox/service.ts). */
const SAMPLES: Message[] = [
  msg('depositCredited', { id: 'c1', coin: 'USDT', amount: '25.5', network: 'USDT-TRC20' }),
  msg('withdrawalDone', { id: '2', coin: 'USDT', amount: '20', fee: '1' }),
  msg('withdrawalRejected', { id: '3', coin: 'USDT', amount: '30', fee: '1', reason: 'sanctions list' }),
  ...(['filled', 'partial'] as const).map((status) =>
    msg('orderFilled', {
      market: 'spot',
      id: '4',
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      status,
      amount: '0.01',
      filled: '0.01',
      price: '67000.5',
      total: '670.005',
    }),
  ),
  ...(['open', 'close'] as const).map((action) =>
    msg('orderFilled', {
      market: 'futures',
      id: '5',
      symbol: 'ethusdt',
      side: 'short',
      action,
      type: 'limit',
      status: 'filled',
      amount: '40',
      filled: '40',
      price: '3000',
    }),
  ),
  ...(['win', 'lose', 'draw'] as const).map((result) =>
    msg('contractSettled', {
      product: 'second',
      id: '6',
      symbol: 'btcusdt',
      closePrice: '67001',
      payout: '185',
      result,
      coin: 'USDT',
      amount: '100',
      direction: 'up',
      period: '30',
    }),
  ),
  ...(['win', 'lose'] as const).map((result) =>
    msg('contractSettled', {
      product: 'option',
      id: '7',
      symbol: 'ethusdt',
      closePrice: '3100',
      payout: result === 'win' ? '200' : '0',
      coin: 'USDT',
      option: 'call',
      strike: '3000',
      quantity: '2',
      premium: '50',
      result,
    }),
  ),
  msg('positionLiquidated', {
    id: '8',
    symbol: 'btcusdt',
    side: 'long',
    shares: '40',
    leverage: '20',
    entryPrice: '67000',
    margin: '134',
    closePrice: '63650',
  }),
  msg('rewardPaid', { task: 'firstDeposit', coin: 'USDT', amount: '5' }),
  ...['unpaid', 'paid', 'completed', 'cancelled', 'expired', 'disputed'].map((status) =>
    msg('flowOrder', { orderId: '9', role: 'buyer', amount: '100', fiat: 'EUR', fiatAmount: '92.5', status }),
  ),
];

describe('[MSGUI-4] each kind is worded from its facts in the reader’s language', () => {
  it('every kind and variant in every language: a title and a body, no placeholder or key left', () => {
    const problems: string[] = [];
    for (const lang of LANGS) {
      const t = translator(lang);
      for (const m of SAMPLES) {
        const w = messageWords(m, t, num);
        const facts = messageFacts(m, t, num);
        for (const s of [w.title, w.body, ...w.extra, ...facts.flatMap((f) => [f.label, f.value])])
          if (!s || s.includes('{{') || /\b(kind|fact|side|task|flowState|direction|option)\.\w/.test(s))
            problems.push(`${lang} ${m.kind} ${JSON.stringify(m.params.status ?? m.params.result ?? '')}: ${s}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('English reads as the facts say, with amounts through the number format and the pair as BASE/QUOTE', () => {
    const t = translator('en');
    const [deposit, , rejected, spot, partial, futOpen, , win, , draw, optWin, optLose, liq, reward, taken] = SAMPLES;
    expect(messageWords(deposit, t, num)).toEqual({
      title: 'Deposit credited',
      body: '<25.5> USDT has arrived in your account (USDT-TRC20).',
      extra: [],
    });
    expect(messageWords(rejected, t, num).extra).toEqual(['Reason: sanctions list']);
    expect(messageWords(spot, t, num).body).toBe(
      'Your buy order on BTC/USDT: <0.01> of <0.01> filled at an average price of <67000.5>.',
    );
    expect(messageWords(partial, t, num).title).toBe('Order partly filled');
    expect(messageWords(futOpen, t, num).body).toBe(
      'Your order to open a short position on ETH/USDT: <40> of <40> contracts filled at an average price of <3000>.',
    );
    expect(messageWords(win, t, num).body).toBe(
      'Your up contract on BTC/USDT (<100> USDT) won at <67001>: <185> USDT has been paid.',
    );
    expect(messageWords(draw, t, num).body).toContain('ended level at <67001>');
    expect(messageWords(optWin, t, num).title).toBe('Option settled');
    expect(messageWords(optLose, t, num).body).toContain('expired without value');
    expect(messageWords(liq, t, num).body).toBe(
      'Your long position of <40> contracts on BTC/USDT (20x) was liquidated at <63650>; its margin of <134> USDT is lost.',
    );
    expect(messageWords(reward, t, num).body).toBe('<5> USDT for “First deposit” has been added to your account.');
    expect(messageWords(taken, t, num)).toMatchObject({
      title: 'P2P order 9: awaiting payment',
      extra: ['You are the buyer.'],
    });
    expect(messageFacts(spot, t, num)).toEqual([
      { label: 'Pair', value: 'BTC/USDT' },
      { label: 'Side', value: 'Buy' },
      { label: 'Filled', value: '<0.01>' },
      { label: 'Average price', value: '<67000.5>' },
      { label: 'Total', value: '<670.005> USDT' },
    ]);
  });

  it('German words the closed words too; an announcement keeps the operator’s title and body in any language', () => {
    const de = translator('de');
    expect(messageWords(SAMPLES[3], de, num).body).toBe(
      'Ihre Kauf-Order für BTC/USDT: <0.01> von <0.01> zum Durchschnittspreis von <67000.5> ausgeführt.',
    );
    const a = msg('announcement', { announcement: '1' }, { title: 'Wartung', body: 'Sonntag 02:00' });
    expect(messageWords(a, de, num)).toEqual({ title: 'Wartung', body: 'Sonntag 02:00', extra: [] });
    expect(messageFacts(a, de, num)).toEqual([]);
  });

  it('pairs, badges and ids', () => {
    expect(pairLabel('btcusdt')).toBe('BTC/USDT');
    expect(pairLabel('ethbtc')).toBe('ETH/BTC');
    expect(pairLabel('abc')).toBe('ABC');
    expect(pairLabel(undefined)).toBe('—');
    expect([0, 1, 99, 100].map(badgeText)).toEqual(['', '1', '99', '99+']);
    expect([null, '', 'x', '0', '-1', '12', '1.5'].map(idOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      12,
      undefined,
    ]);
  });
});

describe('[MSGUI-5] [LANG-4] the inbox namespace in 16 languages', () => {
  it('all 16 languages have the inbox file with exactly the English keys and placeholders', () => {
    expectEnglishKeysAndPlaceholders('inbox');
  });
  it('no language leaves a value in English', () => {
    // German writes long, short, call and put as English does, capitalised ("Long", "Call").
    const same = new Set(['side.long', 'side.short', 'option.call', 'option.put']);
    expectNoEnglishLeft('inbox', (key) => same.has(key));
  });
});
