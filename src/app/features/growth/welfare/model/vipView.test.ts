import { describe, expect, it } from 'vitest';
import { checkVipTable } from '../../../../../shared/rewards/vipRules';
import type { VipInfo } from '../../../../../shared/schemas/rewards';
import { vipView } from './vipView';

const starts = [0, 101, 501, 1001, 3001, 10001, 20001, 50001, 100001, 200001, 500001, 1000001, 2000001];
const setting = Object.fromEntries(
  starts.flatMap((s, i) => [
    [`vip${i}Start`, String(s)],
    [`vip${i}End`, String(i < 12 ? starts[i + 1] - 1 : 9999999)],
  ]),
);
const table = checkVipTable(setting);
if (!table.ok) throw new Error(table.problem);

const info = (over: Partial<VipInfo>): VipInfo => ({
  open: true,
  problem: null,
  volume30d: '0',
  level: 0,
  feeDiscount: '0',
  next: { level: 1, needed: '101' },
  levels: table.levels,
  ...over,
});

describe('[WELUI-5] [VIP-1] the VIP card view', () => {
  it('shows nothing while VIP is off, refused or not loaded', () => {
    expect(vipView(undefined)).toBeNull();
    expect(vipView(info({ open: false }))).toBeNull();
    expect(vipView(info({ open: false, problem: "VIP 3 starts at 100, not above VIP 2's end (1000)" }))).toBeNull();
  });

  it('level, volume, discount in percent, the progress to the next level and the table', () => {
    const v = vipView(info({ volume30d: '301', level: 1, feeDiscount: '0.025', next: { level: 2, needed: '200' } }))!;
    expect(v.level).toBe(1);
    expect(v.volume).toBe('301');
    expect(v.discountPct).toBe('2.5');
    expect(v.next).toEqual({ level: 2, needed: '200' });
    // (301 - 101) / (501 - 101) = 50 %
    expect(v.progress).toBe(50);
    expect(v.rows).toHaveLength(13);
    expect(v.rows.filter((r) => r.current).map((r) => r.level)).toEqual([1]);
    expect(v.rows[12]).toMatchObject({ level: 12, discountPct: '30' });
  });

  it('progress is 0 at a level start, never above 100, and 100 at the top', () => {
    expect(vipView(info({ volume30d: '0' }))!.progress).toBe(0);
    expect(vipView(info({ volume30d: '100.99', next: { level: 1, needed: '0.01' } }))!.progress).toBe(99.9);
    expect(vipView(info({ volume30d: '5000000', level: 12, feeDiscount: '0.3', next: null }))!.progress).toBe(100);
  });
});
