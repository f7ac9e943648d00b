import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../shared/decimal';
import type { SpotPair } from '../../../../shared/schemas/coins';
import { checkSpotOrder, orderSums } from '../../../../shared/trading/spotRules';
import {
  PROTECTION_PERCENT,
  amountAtShare,
  estimate,
  maxAmount,
  pricePrefill,
  sanitizeDecimalInput,
  shareOf,
  submitState,
  type TicketInput,
} from './spotForm';
import { TEST_SPOT_PAIR } from '../../../../shared/trading/testPair';

const pair = TEST_SPOT_PAIR;
const book = { bestBid: '100.00', bestAsk: '100.50' };
const buy = (o: Partial<TicketInput> = {}): TicketInput => ({
  side: 'buy',
  type: 'limit',
  price: '100',
  amount: '1',
  ...o,
});

describe('spot order form: the submit button', () => {
  it('[TRADE-12] names the first failing rule, disabled, until the order is valid', () => {
    const label = (t: TicketInput, avail = '1000000', p: SpotPair = pair) => {
      const s = submitState(p, t, book, avail, true);
      return { ...s.label, disabled: s.disabled };
    };
    expect(label(buy({ price: '' }))).toEqual({ key: 'rule.priceEmpty', disabled: true });
    expect(label(buy({ price: '0' }))).toEqual({ key: 'rule.priceZero', disabled: true });
    expect(label(buy({ price: '1.234' }))).toEqual({ key: 'rule.pricePrecision', params: { n: 2 }, disabled: true });
    expect(label(buy({ amount: '' }))).toEqual({ key: 'rule.amountEmpty', disabled: true });
    expect(label(buy({ amount: '0.' }))).toEqual({ key: 'rule.amountInvalid', disabled: true });
    expect(label(buy({ amount: '0.00001' }))).toEqual({
      key: 'rule.amountPrecision',
      params: { n: 4 },
      disabled: true,
    });
    expect(label(buy({ amount: '101' }))).toEqual({
      key: 'rule.orderMax',
      params: { max: '100', coin: 'BTC' },
      disabled: true,
    });
    expect(label(buy({ side: 'sell', amount: '0.0005' }))).toEqual({
      key: 'rule.minSell',
      params: { min: '0.001', coin: 'BTC' },
      disabled: true,
    });
    expect(label(buy({ amount: '1' }), '50')).toEqual({
      key: 'rule.balance',
      params: { coin: 'USDT' },
      disabled: true,
    });
    expect(label(buy({ side: 'sell', amount: '1' }), '0.5')).toEqual({
      key: 'rule.balance',
      params: { coin: 'BTC' },
      disabled: true,
    });
    expect(label(buy({ type: 'market' }), '1000', { ...pair, marketBuy: false })).toEqual({
      key: 'rule.marketBuyOff',
      disabled: true,
    });
    expect(label(buy(), '1000', { ...pair, isDeal: false })).toEqual({ key: 'rule.enabled', disabled: true });
    expect(label(buy({ amount: '1' }), '1000', { ...pair, buyMax: '50' })).toEqual({
      key: 'rule.buyMax',
      params: { max: '50', coin: 'USDT' },
      disabled: true,
    });
    const noAsks = submitState(pair, buy({ type: 'market' }), { bestBid: '100' }, '1000', true);
    expect(noAsks.label).toEqual({ key: 'rule.noSellers' });
    // Valid: the button trades.
    expect(label(buy(), '1000')).toEqual({ key: 'buyCoin', params: { coin: 'BTC' }, disabled: false });
    expect(label(buy({ side: 'sell' }), '5')).toEqual({ key: 'sellCoin', params: { coin: 'BTC' }, disabled: false });
  });

  it('[TRADE-12] the button follows the shared check exactly: it trades only when checkSpotOrder passes', () => {
    const amount = fc.oneof(
      fc.constantFrom('', '0', '.', '0.', '1', '0.00001'),
      fc.integer({ min: 0, max: 2_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed()),
    );
    const price = fc.oneof(
      fc.constantFrom('', '0', '1.234'),
      fc.integer({ min: 1, max: 20_000 }).map((n) => new Decimal(n).div(100).toFixed()),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
        fc.constantFrom('limit', 'market') as fc.Arbitrary<'limit' | 'market'>,
        price,
        amount,
        fc.integer({ min: 0, max: 100_000 }).map(String),
        (side, type, p, a, avail) => {
          const t: TicketInput = { side, type, price: p, amount: a };
          const s = submitState(pair, t, book, avail, true);
          const c = checkSpotOrder(pair, type === 'market' ? { side, type, amount: a } : t, book, avail);
          expect(s.disabled).toBe(!c.ok);
          if (!c.ok) expect(s.label.key.startsWith('rule.')).toBe(true);
        },
      ),
    );
  });

  it('[TRADE-12] signed out, the button reads "Log in to trade" and leads to the sign-in page', () => {
    const s = submitState(pair, buy(), book, '0', false);
    expect(s).toMatchObject({ label: { key: 'logInToTrade' }, signIn: true, disabled: false });
  });
});

describe('spot order form: amounts', () => {
  it('[TRADE-11] max pays for the order and its fee, rounded down; the 100 % stop is that max', () => {
    // 1000 USDT at 100 with a 0.1 % fee: 1000 / 100.1 = 9.99000999 -> 9.9900 BTC.
    const max = maxAmount(pair, buy(), book, '1000');
    expect(max).toBe('9.99');
    const sums = orderSums(pair, 'buy', new Decimal(max).times(100).toFixed());
    expect(new Decimal(sums.net).lte(1000)).toBe(true);
    expect(amountAtShare(max, 100, 4)).toBe('9.99');
    expect(amountAtShare(max, 25, 4)).toBe('2.4975');
    expect(amountAtShare(max, 0, 4)).toBe('');
    // The full amount passes the shared check; one lot more does not.
    expect(submitState(pair, buy({ amount: max }), book, '1000', true).disabled).toBe(false);
    expect(submitState(pair, buy({ amount: '9.9901' }), book, '1000', true).label.key).toBe('rule.balance');
    // Sells: the whole balance of the coin, cut to the amount decimals.
    expect(maxAmount(pair, buy({ side: 'sell' }), book, '1.234567')).toBe('1.2345');
    // A market buy is paid at its protection price (the worst it may trade at): 100.50 x 1.05 = 105.52.
    expect(maxAmount(pair, buy({ type: 'market', price: '' }), book, '1055.2')).toBe('9.99');
    expect(maxAmount(pair, buy({ price: '' }), book, '1000')).toBe('0');
  });

  it('[TRADE-11] every slider stop gives an amount the balance pays for, fee included (random balances)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(100).toFixed()),
        fc.integer({ min: 1, max: 5_000_000 }).map((n) => new Decimal(n).div(100).toFixed()),
        fc.constantFrom(0, 25, 50, 75, 100),
        (avail, price, pct) => {
          const t = buy({ price });
          const a = amountAtShare(maxAmount(pair, t, book, avail), pct, 4);
          if (a === '') return;
          const c = checkSpotOrder(pair, { side: 'buy', type: 'limit', price, amount: a }, book, avail);
          if (!c.ok) expect(['orderMin', 'orderMax', 'buyMax']).toContain(c.rule);
          else expect(new Decimal(c.hold).lte(avail)).toBe(true);
        },
      ),
    );
  });

  it('[TRADE-11] the slider reads the typed amount back as a share, whole percent, rounded down', () => {
    expect(shareOf('4.995', '9.99')).toBe(50);
    expect(shareOf('9.99', '9.99')).toBe(100);
    expect(shareOf('20', '9.99')).toBe(100);
    expect(shareOf('', '9.99')).toBe(0);
    expect(shareOf('1', '0')).toBe(0);
  });

  it('[TRADE-11] total and fee while typing; the market order at its protection price', () => {
    expect(estimate(pair, buy({ amount: '2' }), book)).toEqual({ price: '100', total: '200', fee: '0.2' });
    expect(estimate(pair, buy({ type: 'market', amount: '1' }), book)).toEqual({
      price: '105.52',
      total: '105.52',
      fee: '0.10552',
    });
    expect(estimate(pair, buy({ amount: '' }), book)).toEqual({ price: '100' });
    expect(PROTECTION_PERCENT).toBe('5');
  });

  it('[TRADE-11] inputs keep digits and one point, cut to the decimals; the prefill rounds the last price down', () => {
    expect(sanitizeDecimalInput('1,5', 4)).toBe('1.5');
    expect(sanitizeDecimalInput('12a.3.4567', 2)).toBe('12.34');
    expect(sanitizeDecimalInput('7.9', 0)).toBe('7');
    expect(pricePrefill('67232.479', 2)).toBe('67232.47');
    expect(pricePrefill('0.5', 4)).toBe('0.5000');
    expect(pricePrefill(undefined, 2)).toBe('');
  });
});
