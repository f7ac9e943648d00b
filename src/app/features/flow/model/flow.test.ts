import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkFlowOffer, checkFlowTake } from '../../../../shared/rewards/flowRules';
import { flowOffer, flowOrder } from '../testing/fixtures';
import en from '../../../i18n/locales/en/flow.json';
import {
  actionSettled,
  checkOffer,
  checkTake,
  countdown,
  EMPTY_OFFER,
  matchOffer,
  matchTake,
  mineTabOf,
  offerBodyOf,
  offerIntentPrefix,
  orderActions,
  orderIdOf,
  orderSteps,
  parseTakeIntent,
  takeSummary,
  ruleText,
  sideOf,
  takeConversion,
  takeIntentPrefix,
  takerSide,
  unpaidCount,
  waitingFor,
} from './flow';

const OFFER = flowOffer({ methods: ['bank', 'card'], createdAt: 1_000 });

const order = flowOrder;

/** The English text at a dotted key of the flow namespace. */
function english(key: string): unknown {
  return key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], en);
}

describe('[FLOWUI-2] the take form', () => {
  it('the conversion at the offer price: fiat to USDT rounded down, USDT to fiat half-up, nothing while not a number', () => {
    expect(takeConversion('1.02', { by: 'fiat', amount: '50' })).toBe('49.01');
    expect(takeConversion('1.02', { by: 'coin', amount: '10.01' })).toBe('10.21');
    expect(takeConversion('1.02', { by: 'fiat', amount: '' })).toBe('');
    expect(takeConversion('1.02', { by: 'fiat', amount: 'abc' })).toBe('');
    expect(takeConversion('1.02', { by: 'fiat', amount: '1.234' })).toBe('');
  });

  it('an empty amount asks for one; a good take comes to the amounts the server will compute', () => {
    const d = { by: 'fiat' as const, amount: '', method: 'bank' as const, payDetails: '' };
    expect(checkTake(OFFER, d, { available: '0', openOrders: 0 })).toEqual({
      ok: false,
      rule: { key: 'rule.enterAmount' },
    });
    expect(checkTake(OFFER, { ...d, amount: '50' }, { available: '0', openOrders: 0 })).toEqual({
      ok: true,
      amount: '49.01',
      fiatAmount: '50.00',
    });
  });

  it('the button names the first failing rule of checkFlowTake, in the reader’s words', () => {
    const d = { by: 'fiat' as const, amount: '5', method: 'bank' as const, payDetails: '' };
    expect(checkTake(OFFER, d, { available: '0', openOrders: 0 })).toEqual({
      ok: false,
      rule: { key: 'rule.minOrder', params: { v: '10' } },
    });
    expect(checkTake({ ...OFFER, mine: true }, { ...d, amount: '50' }, { available: '0', openOrders: 0 })).toEqual({
      ok: false,
      rule: { key: 'rule.own' },
    });
    expect(checkTake(OFFER, { ...d, amount: '50' }, { available: '0', openOrders: 3 })).toEqual({
      ok: false,
      rule: { key: 'rule.tooMany', params: { n: '3' } },
    });
    const buyOffer = { ...OFFER, side: 'buy' as const };
    expect(checkTake(buyOffer, { ...d, amount: '50' }, { available: '100', openOrders: 0 })).toEqual({
      ok: false,
      rule: { key: 'rule.payDetails' },
    });
  });

  it('a merchant’s sell offer is the customer’s buy', () => {
    expect(takerSide('sell')).toBe('buy');
    expect(takerSide('buy')).toBe('sell');
    expect(sideOf('sell')).toBe('sell');
    expect(sideOf('x')).toBe('buy');
    expect(sideOf(null)).toBe('buy');
  });

  it('only the customer’s own unpaid orders count toward the limit', () => {
    const rows = [
      order(),
      order({ id: 4, state: 'paid' }),
      order({ id: 5, asMerchant: true }),
      order({ id: 6, role: 'seller' }),
    ];
    expect(unpaidCount(rows)).toBe(2);
    expect(unpaidCount(undefined)).toBe(0);
  });
});

describe('[FLOWUI-2] [FLOWUI-5] every message of the shared checks has words in every language', () => {
  const arbText = fc.oneof(
    fc.constantFrom('', '0', '1', '5', '10', '10.5', '99.999', '1000', '0.0000001', 'x', '2000000', '300.01'),
    fc.stringMatching(/^\d{1,7}(\.\d{1,8})?$/),
  );
  it('checkFlowTake', () => {
    fc.assert(
      fc.property(
        arbText,
        fc.constantFrom('fiat' as const, 'coin' as const),
        fc.constantFrom('bank' as const, 'cash' as const),
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.constantFrom('', 'IBAN 1234'),
        fc.nat(4),
        fc.boolean(),
        (amount, by, method, side, payDetails, openOrders, self) => {
          const r = checkFlowTake(
            { ...OFFER, side },
            { by, amount, method, payDetails },
            { available: '20', openOrders, self },
          );
          if (r.ok) return;
          const rt = ruleText(r.msg);
          expect(rt, r.msg).not.toBeNull();
          expect(typeof english(rt!.key), rt!.key).toBe('string');
        },
      ),
    );
  });
  it('checkFlowOffer', () => {
    fc.assert(
      fc.property(
        arbText,
        arbText,
        arbText,
        arbText,
        fc.constantFrom(10, 15, 30, 60),
        fc.constantFrom('buy' as const, 'sell' as const),
        (price, amount, minFiat, maxFiat, payWindowMin, side) => {
          const msg = checkFlowOffer(
            offerBodyOf({ ...EMPTY_OFFER, side, price, amount, minFiat, maxFiat, payWindowMin }),
            '50',
          );
          if (msg === null) return;
          const rt = ruleText(msg);
          expect(rt, msg).not.toBeNull();
          expect(typeof english(rt!.key), rt!.key).toBe('string');
        },
      ),
    );
  });
  it('the offer form asks for an empty field and a method before the shared check', () => {
    expect(checkOffer(EMPTY_OFFER, '0')).toEqual({ key: 'rule.enter.price' });
    const full = { ...EMPTY_OFFER, price: '1', amount: '100', minFiat: '10', maxFiat: '100' };
    expect(checkOffer({ ...full, methods: [] }, '1000')).toEqual({ key: 'rule.chooseMethod' });
    expect(checkOffer(full, '1000')).toBeNull();
    expect(checkOffer(full, '50')).toEqual({ key: 'rule.insufficientOffer' });
    expect(checkOffer({ ...full, side: 'buy' }, '0')).toBeNull();
    for (const k of ['rule.enter.price', 'rule.enter.amount', 'rule.enter.minFiat', 'rule.enter.maxFiat'])
      expect(typeof english(k)).toBe('string');
  });
  it('a message the screens do not know stays as it came', () => {
    expect(ruleText('Something new')).toBeNull();
  });
});

describe('[FLOWUI-3] one order: steps and the actions by role and state', () => {
  it('taken -> paid -> completed; an ended order ends after the steps it reached', () => {
    expect(orderSteps(order()).map((s) => `${s.key}:${s.at}`)).toEqual([
      'taken:done',
      'paid:current',
      'completed:todo',
    ]);
    expect(orderSteps(order({ state: 'completed', paidAt: 5 })).every((s) => s.at === 'done')).toBe(true);
    expect(orderSteps(order({ state: 'cancelled' })).map((s) => s.key)).toEqual(['taken', 'cancelled']);
    expect(orderSteps(order({ state: 'expired' })).map((s) => s.key)).toEqual(['taken', 'expired']);
  });

  it('[FLOWUI-4] buyer: paid or cancel while unpaid; seller: cancel while unpaid, release once paid', () => {
    expect(orderActions(order())).toEqual(['paid', 'cancel']);
    expect(orderActions(order({ role: 'seller' }))).toEqual(['cancel']);
    expect(orderActions(order({ state: 'paid' }))).toEqual([]);
    expect(orderActions(order({ state: 'paid', role: 'seller' }))).toEqual(['release']);
    for (const state of ['completed', 'cancelled', 'expired'] as const)
      for (const role of ['buyer', 'seller'] as const) expect(orderActions(order({ state, role }))).toEqual([]);
  });

  it('what each party waits for', () => {
    expect(waitingFor(order())).toBe('buyerPay');
    expect(waitingFor(order({ role: 'seller' }))).toBe('sellerWaitPay');
    expect(waitingFor(order({ state: 'paid' }))).toBe('buyerWaitRelease');
    expect(waitingFor(order({ state: 'paid', role: 'seller' }))).toBe('sellerCheck');
    expect(waitingFor(order({ state: 'completed' }))).toBeNull();
  });

  it('the countdown to payBy, never below zero', () => {
    expect(countdown(61_000, 0)).toBe('01:01');
    expect(countdown(3_600_000 + 5_000, 0)).toBe('1:00:05');
    expect(countdown(0, 5_000)).toBe('00:00');
    expect(countdown(1_999, 1_000)).toBe('00:00');
  });

  it('the id of the path', () => {
    expect(orderIdOf('12')).toBe(12);
    expect(orderIdOf('0')).toBeNull();
    expect(orderIdOf('1e3')).toBeNull();
    expect(orderIdOf(undefined)).toBeNull();
    expect(mineTabOf('offers')).toBe('offers');
    expect(mineTabOf('nope')).toBe('active');
  });
});

describe('[FLOWUI-6] intents and lost replies', () => {
  it('a take intent carries its offer, amount and start; parsing gives them back', () => {
    const name = `${takeIntentPrefix(7, 'fiat', ' 50 ')}1234`;
    expect(name).toBe('flow-take:7:fiat:50:1234');
    expect(parseTakeIntent(name)).toEqual({ intent: name, offerId: 7, by: 'fiat', amount: '50', since: 1234 });
    expect(parseTakeIntent('flow-paid:3')).toBeNull();
  });

  it('a lost take is found among the orders by offer, amount and time, not another order', () => {
    const p = parseTakeIntent('flow-take:7:fiat:50:700000')!;
    expect(matchTake(p, [order()])?.id).toBe(3);
    expect(matchTake(p, [order({ offerId: 8 })])).toBeUndefined();
    expect(matchTake(p, [order({ fiatAmount: '51.00' })])).toBeUndefined();
    expect(matchTake(p, [order({ asMerchant: true })])).toBeUndefined();
    expect(matchTake({ ...p, since: 100_000 + 11 * 60_000 }, [order()])).toBeUndefined();
    const byCoin = parseTakeIntent('flow-take:7:coin:49.01:100000')!;
    expect(matchTake(byCoin, [order()])?.id).toBe(3);
  });

  it('an action is settled once the order no longer offers it (landed or moot)', () => {
    expect(actionSettled('paid', order())).toBe(false);
    expect(actionSettled('paid', order({ state: 'paid' }))).toBe(true);
    expect(actionSettled('paid', order({ state: 'expired' }))).toBe(true);
    expect(actionSettled('release', order({ role: 'seller', state: 'paid' }))).toBe(false);
    expect(actionSettled('release', order({ role: 'seller', state: 'completed' }))).toBe(true);
  });

  it('a lost offer is found among my offers by side, fiat, price and time', () => {
    const body = offerBodyOf({ ...EMPTY_OFFER, price: '1.02', amount: '500', minFiat: '10', maxFiat: '300' });
    const intent = `${offerIntentPrefix(body)}1000`;
    expect(matchOffer(intent, [{ ...OFFER, mine: true }])?.id).toBe(7);
    expect(matchOffer(intent, [{ ...OFFER, price: '1.03' }])).toBeUndefined();
    expect(matchOffer(intent, [{ ...OFFER, side: 'buy' }])).toBeUndefined();
  });
});

describe('the take from the customer side (WORD-4)', () => {
  it('[WORD-4] buying pays fiat and receives USDT; selling sells USDT and receives fiat, whichever was typed', () => {
    expect(takeSummary('buy', { by: 'fiat', amount: '100' }, '20.2')).toEqual([
      { key: 'take.youPay', money: 'fiat', amount: '100' },
      { key: 'take.youReceive', money: 'coin', amount: '20.2' },
    ]);
    expect(takeSummary('sell', { by: 'fiat', amount: '20' }, '20.2')).toEqual([
      { key: 'take.youSell', money: 'coin', amount: '20.2' },
      { key: 'take.youReceive', money: 'fiat', amount: '20' },
    ]);
    expect(takeSummary('sell', { by: 'coin', amount: ' 15 ' }, '14.85')).toEqual([
      { key: 'take.youSell', money: 'coin', amount: '15' },
      { key: 'take.youReceive', money: 'fiat', amount: '14.85' },
    ]);
    expect(takeSummary('buy', { by: 'coin', amount: '' }, '')).toEqual([]);
  });
});
