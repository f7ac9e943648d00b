import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultGroup, groupChoices, groupOptions } from './depthGroups';
import { checkTopic } from './topicCheck';
import { DEPTH_GROUPS } from './types';

describe('order book groupings [SIDE-3][SIDE-4]', () => {
  it('[SIDE-3] opens at one basis point of the price in 1-2-5 ticks, at least one tick', () => {
    expect(defaultGroup(2, '67250.37')).toBe(500); // 5.00 USDT: the simulated maker's grid for BTC
    expect(defaultGroup(2, '3476.37')).toBe(50); // 0.50
    expect(defaultGroup(2, '585.24')).toBe(5); // 0.05
    expect(defaultGroup(6, '0.522890')).toBe(50); // 0.000050
    expect(defaultGroup(6, '0.123420')).toBe(10);
    expect(defaultGroup(8, '0.00002347')).toBe(1); // below a tick: the tick
    expect(defaultGroup(2, undefined)).toBe(1);
    expect(defaultGroup(2, '0')).toBe(1);
    expect(defaultGroup(2, 'abc')).toBe(1);
  });

  it('[SIDE-3] property: the opening grouping is a known group within a factor of 2.5 of one basis point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (pp, price) => {
        const g = defaultGroup(pp, String(price));
        expect(DEPTH_GROUPS).toContain(g);
        const bp = price * 10 ** pp * 1e-4;
        if (bp < 1) expect(g).toBe(1);
        else {
          expect(g).toBeLessThanOrEqual(bp * 2.5);
          // The largest grouping (5 x 10^8 ticks) caps it.
          if (g < 5e8) expect(g).toBeGreaterThanOrEqual(bp / 2.5);
        }
        // Every grouping offered is one the worker accepts.
        for (const c of groupChoices(g))
          expect(() =>
            checkTopic({ kind: 'depth', symbol: 'x', pricePrecision: pp, amountPrecision: 2, group: c }),
          ).not.toThrow();
      }),
    );
  });

  it('[SIDE-4] offers the tick x 1, 10, 100, 1000 and the opening grouping and ten times it, as exact prices', () => {
    expect(groupOptions(2, 500).map((o) => o.step)).toEqual(['0.01', '0.1', '1', '5', '10', '50']);
    expect(groupOptions(2, 1).map((o) => o.step)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupOptions(2, 100).map((o) => o.step)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupOptions(0, 20000).map((o) => o.step)).toEqual(['1', '10', '100', '1000', '20000', '200000']);
    expect(groupOptions(8, 2).map((o) => o.step)).toEqual([
      '0.00000001',
      '0.00000002',
      '0.0000001',
      '0.0000002',
      '0.000001',
      '0.00001',
    ]);
    expect(() => checkTopic({ kind: 'depth', symbol: 'x', pricePrecision: 2, amountPrecision: 2, group: 3 })).toThrow(
      /1, 2 or 5/,
    );
  });
});
