import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal';
import type { FlowOfferBody } from '../schemas/flow';
import { checkFlowOffer, checkFlowTake, flowCoinOf, flowFiatOf } from './flowRules';

const body = (over: Partial<FlowOfferBody> = {}): FlowOfferBody => ({
  side: 'sell',
  fiat: 'USD',
  price: '1.01',
  amount: '1000',
  minFiat: '10',
  maxFiat: '500',
  methods: ['bank'],
  payWindowMin: 15,
  terms: '',
  ...over,
});

describe('checkFlowOffer', () => {
  it('[FLOW-3] a good offer passes; a buy offer needs no USDT', () => {
    expect(checkFlowOffer(body(), '1000')).toBeNull();
    expect(checkFlowOffer(body({ side: 'buy' }), '0')).toBeNull();
  });

  it.each<[Partial<FlowOfferBody>, string]>([
    [{ price: 'abc' }, 'Price must be a number above 0'],
    [{ price: '0' }, 'Price must be a number above 0'],
    [{ price: '1.001' }, 'Price has at most 2 decimals'],
    [{ amount: '-5' }, 'Amount must be a number above 0'],
    [{ amount: '10.123' }, 'Amount has at most 2 decimals'],
    [{ amount: '9.99' }, 'An offer is at least 10 USDT'],
    [{ amount: '1000000.01' }, 'An offer is at most 1000000 USDT'],
    [{ minFiat: '0' }, 'The minimum per order must be a number above 0'],
    [{ maxFiat: '1e3' }, 'The maximum per order must be a number above 0'],
    [{ minFiat: '10.001' }, 'Order limits have at most 2 decimals'],
    [{ minFiat: '600' }, 'The minimum per order must not be above the maximum'],
    [{ minFiat: '1' }, 'The minimum per order must buy at least 1 USDT'],
    [{ amount: '100', maxFiat: '101.01' }, 'The maximum per order must not be above the whole offer'],
    [{ payWindowMin: 20 }, 'The payment window is one of 15, 30, 60 minutes'],
    [{ amount: '1000.01', maxFiat: '500' }, 'Insufficient USDT for this offer'],
  ])('[FLOW-3] refuses %o with "%s"', (over, msg) => {
    expect(checkFlowOffer(body(over), '1000')).toBe(msg);
  });

  it('[FLOW-3] the maximum may be exactly the whole offer', () => {
    expect(checkFlowOffer(body({ amount: '100', maxFiat: '101' }), '1000')).toBeNull();
  });
});

type Offer = Parameters<typeof checkFlowTake>[0];
type Take = Parameters<typeof checkFlowTake>[1];
type Ctx = Parameters<typeof checkFlowTake>[2];
const offer: Offer = {
  side: 'sell',
  price: '1.00',
  available: '100',
  minFiat: '1.00',
  maxFiat: '60.00',
  methods: ['bank'],
  status: 'open',
};
const take: Take = { by: 'coin', amount: '10', method: 'bank', payDetails: '' };
const ctx: Ctx = { available: '0', openOrders: 0, self: false };

describe('checkFlowTake', () => {
  it('[FLOW-4] by coin and by fiat', () => {
    expect(checkFlowTake(offer, take, ctx)).toEqual({ ok: true, amounts: { amount: '10', fiatAmount: '10.00' } });
    expect(checkFlowTake({ ...offer, price: '3.00' }, { ...take, by: 'fiat', amount: '10' }, ctx)).toEqual({
      ok: true,
      amounts: { amount: '3.33', fiatAmount: '10.00' },
    });
  });

  it.each<[Partial<Offer>, Partial<Take>, Partial<Ctx>, string]>([
    [{ status: 'closed' }, {}, {}, 'This offer is closed'],
    [{}, {}, { self: true }, 'You cannot take your own offer'],
    [{}, { amount: '0' }, {}, 'Amount must be a number above 0'],
    [{}, { by: 'fiat', amount: '1.001' }, {}, 'Amount has at most 2 decimals'],
    [{}, { amount: '1.001' }, {}, 'Amount has at most 2 decimals'],
    [{ minFiat: '20.00' }, {}, {}, 'The minimum per order is 20.00'],
    [{}, { amount: '60.01' }, {}, 'The maximum per order is 60.00'],
    [{ price: '2.00' }, { amount: '0.99' }, {}, 'An order is at least 1 USDT'],
    [{ available: '9.5' }, {}, {}, 'The offer has not that much left'],
    [{}, { method: 'cash' }, {}, 'The merchant does not take this payment method'],
    [{}, {}, { openOrders: 3 }, 'You have 3 unpaid orders: finish or cancel one first'],
    [{ side: 'buy' }, { payDetails: ' ab ' }, { available: '100' }, 'Enter how the merchant pays you'],
    [{ side: 'buy' }, { payDetails: 'Bank 1' }, { available: '9.99' }, 'Insufficient USDT'],
  ])('[FLOW-4] refuses offer %o take %o ctx %o with "%s"', (o, b, c, msg) => {
    expect(checkFlowTake({ ...offer, ...o }, { ...take, ...b }, { ...ctx, ...c })).toEqual({ ok: false, msg });
  });

  it('[FLOW-4] a passing take is within the limits and what is left; fiat = USDT x price to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.boolean(),
        (priceCents, units, byFiat) => {
          const price = new Decimal(priceCents).div(100).toFixed(2);
          const o = { ...offer, price, available: '5000', minFiat: '0.01', maxFiat: '1000000.00' };
          const amount = new Decimal(units).div(100).toFixed();
          const r = checkFlowTake(o, { ...take, by: byFiat ? 'fiat' : 'coin', amount }, ctx);
          if (!r.ok) return;
          const coin = new Decimal(r.amounts.amount);
          expect(coin.gte(1) && coin.lte(o.available)).toBe(true);
          expect(new Decimal(r.amounts.fiatAmount).lte(o.maxFiat)).toBe(true);
          expect(new Decimal(r.amounts.fiatAmount).gte(o.minFiat)).toBe(true);
          if (byFiat) {
            // The USDT bought never costs more than the fiat paid, and by less than one USDT minor unit of price.
            expect(coin.times(price).lte(r.amounts.fiatAmount)).toBe(true);
            expect(coin.plus('0.01').times(price).gt(r.amounts.fiatAmount)).toBe(true);
            expect(coin.decimalPlaces()).toBeLessThanOrEqual(2);
          } else expect(r.amounts.fiatAmount).toBe(flowFiatOf(r.amounts.amount, price));
        },
      ),
    );
  });

  it('[FLOW-3] fiat to USDT rounds down, USDT to fiat half up', () => {
    expect(flowCoinOf('10', '3')).toBe('3.33');
    expect(flowCoinOf('5000', '1.01')).toBe('4950.49');
    expect(flowFiatOf('0.005', '1')).toBe('0.01');
    expect(flowFiatOf('0.004999', '1')).toBe('0.00');
  });
});
