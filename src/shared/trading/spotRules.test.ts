import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal';
import { TEST_SPOT_PAIR } from './testPair';
import { checkSpotOrder, fillShare, maxSpotAmount, orderSums, protectionPrice } from './spotRules';

const pair = TEST_SPOT_PAIR;
const book = { bestBid: '100.00', bestAsk: '100.50' };

describe('spot rules', () => {
  it('[SPOT-2] a closed pair or a switched-off order type is refused by name', () => {
    expect(
      checkSpotOrder({ ...pair, isDeal: false }, { side: 'buy', type: 'limit', price: '1', amount: '1' }, book, '10'),
    ).toMatchObject({ ok: false, rule: 'enabled', message: 'BTC/USDT is not open for trading' });
    expect(
      checkSpotOrder({ ...pair, marketSell: false }, { side: 'sell', type: 'market', amount: '1' }, book, '10'),
    ).toMatchObject({ ok: false, rule: 'type', message: 'Market sells are off for BTC/USDT' });
  });

  it('[SPOT-3] every amount and price rule names itself', () => {
    const c = (input: Parameters<typeof checkSpotOrder>[1], avail = '1000000') =>
      checkSpotOrder(pair, input, book, avail);
    expect(c({ side: 'buy', type: 'limit', price: '', amount: '1' })).toMatchObject({ rule: 'price', field: 'price' });
    expect(c({ side: 'buy', type: 'limit', price: '1.234', amount: '1' })).toMatchObject({
      rule: 'precision',
      message: 'Price has at most 2 decimals for BTC/USDT',
    });
    expect(c({ side: 'buy', type: 'limit', price: '1', amount: '0.00001' })).toMatchObject({ rule: 'precision' });
    expect(c({ side: 'buy', type: 'limit', price: '1', amount: '0' })).toMatchObject({ rule: 'amount' });
    expect(c({ side: 'buy', type: 'limit', price: '1', amount: '101' })).toMatchObject({
      rule: 'orderMax',
      message: 'Maximum order is 100 BTC',
    });
    expect(c({ side: 'sell', type: 'limit', price: '1', amount: '0.0005' })).toMatchObject({
      rule: 'minSell',
      message: 'Minimum sell is 0.001 BTC',
    });
    expect(
      checkSpotOrder(
        { ...pair, buyMax: '50' },
        { side: 'buy', type: 'limit', price: '100', amount: '1' },
        book,
        '1000',
      ),
    ).toMatchObject({ rule: 'buyMax', message: 'A buy may total at most 50 USDT' });
    expect(c({ side: 'buy', type: 'limit', price: '100', amount: '1' }, '100')).toMatchObject({
      rule: 'balance',
      message: 'Insufficient USDT: this order needs 100.1 USDT, 100 available',
    });
    expect(c({ side: 'buy', type: 'market', price: '5', amount: '1' })).toMatchObject({ rule: 'price' });
    expect(checkSpotOrder(pair, { side: 'buy', type: 'market', amount: '1' }, { bestBid: '1' }, '1000')).toMatchObject({
      rule: 'book',
    });
  });

  it('[SPOT-4] a market order is protected at most 5 % from the best price, on the tick', () => {
    expect(protectionPrice(pair, 'buy', book)).toBe('105.52'); // 100.50 x 1.05 = 105.525, down
    expect(protectionPrice(pair, 'sell', book)).toBe('95.00');
    expect(protectionPrice(pair, 'sell', { bestBid: '10.01' })).toBe('9.51'); // 9.5095, up
    const ok = checkSpotOrder(pair, { side: 'buy', type: 'market', amount: '1' }, book, '1000');
    expect(ok).toMatchObject({ ok: true, price: '105.52', protection: true, hold: '105.62552', holdCoin: 'USDT' });
  });

  it('[SPOT-5] a buy holds its total plus fee at the worst price; a sell holds the coin', () => {
    expect(
      checkSpotOrder(pair, { side: 'buy', type: 'limit', price: '100.01', amount: '0.3333' }, book, '1000'),
    ).toMatchObject({ ok: true, total: '33.333333', fee: '0.033334', hold: '33.366667' });
    expect(checkSpotOrder(pair, { side: 'sell', type: 'limit', price: '100', amount: '2' }, book, '2')).toMatchObject({
      ok: true,
      hold: '2',
      holdCoin: 'BTC',
      total: '200',
      fee: '0.2',
    });
  });

  it('[SPOT-6] fill shares add up to the order sums, never below zero, never above the hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 50_000 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom('0', '0.1', '0.075', '1'),
        (side, fills, feeRate) => {
          const p = { ...pair, feeRate };
          let cum = new Decimal(0);
          const sum = { total: new Decimal(0), fee: new Decimal(0), net: new Decimal(0) };
          for (const [ticks, lots] of fills) {
            const next = cum.plus(new Decimal(ticks).div(1e6).times(new Decimal(lots).div(1e4)));
            const s = fillShare(p, side, cum.toFixed(), next.toFixed());
            for (const k of ['total', 'fee', 'net'] as const) {
              expect(new Decimal(s[k]).isNegative()).toBe(false);
              sum[k] = sum[k].plus(s[k]);
            }
            cum = next;
          }
          const whole = orderSums(p, side, cum.toFixed());
          expect(sum.total.toFixed()).toBe(whole.total);
          expect(sum.fee.toFixed()).toBe(whole.fee);
          expect(sum.net.toFixed()).toBe(whole.net);
        },
      ),
    );
  });

  it('[SPOT-7] max buys what the balance pays for after the fee, rounded down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (ticks, micros) => {
          const price = new Decimal(ticks).div(100).toFixed(2);
          const avail = new Decimal(micros).div(1e6).toFixed();
          const max = maxSpotAmount(pair, 'buy', price, avail);
          if (new Decimal(max).isZero()) return;
          const r = checkSpotOrder(
            { ...pair, orderMin: '0', orderMax: '0', buyMax: '0' },
            { side: 'buy', type: 'limit', price, amount: max },
            {},
            avail,
          );
          expect(r.ok).toBe(true);
          const more = new Decimal(max).plus('0.0001').toFixed();
          const r2 = checkSpotOrder(
            { ...pair, orderMin: '0', orderMax: '0', buyMax: '0' },
            { side: 'buy', type: 'limit', price, amount: more },
            {},
            avail,
          );
          expect(r2).toMatchObject({ ok: false, rule: 'balance' });
        },
      ),
    );
    expect(maxSpotAmount(pair, 'sell', undefined, '1.23456789')).toBe('1.2345');
  });
});
