import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildDefaultSettings } from '../defaultSettings';
import { Decimal } from '../decimal';
import { checkVipTable, discountedFee, vipLevelOf, vipNext, VIP_FEE_DISCOUNTS } from './vipRules';

const table = () => ({ ...buildDefaultSettings('en').VIP_LEVEL_SETTING }) as Record<string, unknown>;

describe('the VIP table', () => {
  it('[VIP-2] the default table is consistent; entries that only describe a level keep the default discount', () => {
    const r = checkVipTable(table(), [{ level: 1, title: 'VIP 1', content: 'text' }]);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.levels).toHaveLength(13);
      expect(r.levels.map((l) => l.feeDiscount)).toEqual(VIP_FEE_DISCOUNTS);
    }
    const over = checkVipTable(table(), [{ level: 2, feeDiscount: '0.06' }]);
    expect(over.ok && over.levels[2].feeDiscount).toBe('0.06');
  });

  it('[VIP-2] refuses a table that is not consistent, naming the level', () => {
    const bad = (patch: Record<string, unknown>, dirs: Record<string, unknown>[] = []) => {
      const r = checkVipTable({ ...table(), ...patch }, dirs);
      return r.ok ? 'ok' : r.problem;
    };
    expect(bad({ vip0Start: '5' })).toBe('VIP 0 must start at 0');
    expect(bad({ vip3End: '900' })).toBe('VIP 3 ends (900) below its start (1001)');
    expect(bad({ vip7Start: '40000' })).toBe("VIP 7 starts at 40000, not above VIP 6's end (50000)");
    expect(bad({ vip4Start: 'x' })).toBe('VIP 4 needs a start and an end amount');
    expect(bad({}, [{ level: 3, feeDiscount: '0.9' }])).toBe("VIP 3's fee discount must be a fraction from 0 to 0.5");
    expect(bad({}, [{ level: 5, feeDiscount: '0.01' }])).toBe("VIP 5's fee discount is below VIP 4's");
  });

  it('[VIP-3] the level is the highest start reached; the next level says what is still needed', () => {
    const r = checkVipTable(table());
    if (!r.ok) throw new Error(r.problem);
    expect(vipLevelOf('0', r.levels)).toBe(0);
    expect(vipLevelOf('100.5', r.levels)).toBe(0);
    expect(vipLevelOf('101', r.levels)).toBe(1);
    expect(vipLevelOf('99999999', r.levels)).toBe(12);
    expect(vipNext('60', 0, r.levels)).toEqual({ level: 1, needed: '41' });
    expect(vipNext('1', 12, r.levels)).toBeNull();
  });

  it('[VIP-4] a discounted fee is rounded up and never above the fee nor below zero', () => {
    expect(discountedFee('1', '0.025', 8)).toBe('0.975');
    expect(discountedFee('0.00000001', '0.3', 8)).toBe('0.00000001');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 12 }), (units, level) => {
        const fee = new Decimal(units).div(1e8).toFixed(8);
        const d = discountedFee(fee, VIP_FEE_DISCOUNTS[level], 8);
        return new Decimal(d).lte(fee) && new Decimal(d).gte(0);
      }),
    );
  });
});
