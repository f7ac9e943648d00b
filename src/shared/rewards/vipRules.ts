/**
 * VIP levels (VIP-1..5): the table check, the level of a volume and the fee discount, run by the screen and by
 * the trading engines. VIP_LEVEL_SETTING gives each level 0..12 a start and an end (USDT of 30-day trading
 * volume, VIP-3). The later thresholds in 9.3 are unreliable, so the table is checked (VIP-2) and refused whole
 * when any level does not start above the last. A level holds from its start up to the next level's start.
 * What a level gives: a trading-fee discount (VIP-4), by default VIP_FEE_DISCOUNTS, which VIP_DIRECTIONS_SETTING
 * entries `{ level, feeDiscount }` may override. Exact decimals only.
 */
import { Decimal } from '../decimal';

export const VIP_MAX_LEVEL = 12;
/** Default discount per level 0..12, a fraction of the fee: 0, 2.5 %, 5 % ... 30 %. */
export const VIP_FEE_DISCOUNTS: readonly string[] = Array.from({ length: VIP_MAX_LEVEL + 1 }, (_, i) =>
  new Decimal(i).times('0.025').toFixed(),
);
/** The most any level may take off a fee. */
export const VIP_MAX_DISCOUNT = '0.5';

export interface VipRow {
  level: number;
  start: string;
  end: string;
  feeDiscount: string;
}
export type VipTable = { ok: true; levels: VipRow[] } | { ok: false; problem: string };

function num(v: unknown): Decimal | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  try {
    const d = new Decimal(v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * VIP-2: the operator's table (VIP_LEVEL_SETTING's vipNStart/vipNEnd and VIP_DIRECTIONS_SETTING's entries) as
 * rows, or the first problem in words. Level 0 starts at 0; each end is at least its start; each level starts
 * above the previous level's end; discounts are fractions from 0 to VIP_MAX_DISCOUNT and never fall as the level
 * rises.
 */
export function checkVipTable(
  setting: Record<string, unknown>,
  directions: readonly Record<string, unknown>[] = [],
): VipTable {
  const discounts = [...VIP_FEE_DISCOUNTS];
  for (const d of directions) {
    const level = Number(d.level);
    // An entry without a discount only describes its level (title, content): the default discount stays.
    if (!Number.isInteger(level) || level < 0 || level > VIP_MAX_LEVEL || d.feeDiscount === undefined) continue;
    const f = num(d.feeDiscount);
    if (f === null || f.lt(0) || f.gt(VIP_MAX_DISCOUNT))
      return { ok: false, problem: `VIP ${level}'s fee discount must be a fraction from 0 to ${VIP_MAX_DISCOUNT}` };
    discounts[level] = f.toFixed();
  }
  const levels: VipRow[] = [];
  for (let i = 0; i <= VIP_MAX_LEVEL; i++) {
    const start = num(setting[`vip${i}Start`]);
    const end = num(setting[`vip${i}End`]);
    if (start === null || end === null) return { ok: false, problem: `VIP ${i} needs a start and an end amount` };
    if (i === 0 && !start.isZero()) return { ok: false, problem: 'VIP 0 must start at 0' };
    if (start.lt(0)) return { ok: false, problem: `VIP ${i} must not start below 0` };
    if (end.lt(start))
      return { ok: false, problem: `VIP ${i} ends (${end.toFixed()}) below its start (${start.toFixed()})` };
    const prev = levels[i - 1];
    if (prev && !start.gt(prev.end))
      return {
        ok: false,
        problem: `VIP ${i} starts at ${start.toFixed()}, not above VIP ${i - 1}'s end (${prev.end})`,
      };
    if (prev && new Decimal(discounts[i]).lt(prev.feeDiscount))
      return { ok: false, problem: `VIP ${i}'s fee discount is below VIP ${i - 1}'s` };
    levels.push({ level: i, start: start.toFixed(), end: end.toFixed(), feeDiscount: discounts[i] });
  }
  return { ok: true, levels };
}

/** VIP-3: the level a 30-day volume reaches: the highest level whose start it has reached. */
export function vipLevelOf(volume: string, levels: readonly VipRow[]): number {
  const v = new Decimal(volume);
  let level = 0;
  for (const row of levels) if (v.gte(row.start)) level = row.level;
  return level;
}

/** VIP-4: a fee after the level's discount, rounded up to `places` (the house never pays a customer's fee). */
export function discountedFee(fee: string, discount: string, places: number): string {
  const f = new Decimal(fee);
  if (f.lte(0)) return f.toFixed();
  return f.times(new Decimal(1).minus(discount)).toDecimalPlaces(places, Decimal.ROUND_UP).toFixed();
}

/** The volume still needed for the next level, or null at the top. */
export function vipNext(
  volume: string,
  level: number,
  levels: readonly VipRow[],
): { level: number; needed: string } | null {
  const next = levels.find((r) => r.level === level + 1);
  if (!next) return null;
  const needed = new Decimal(next.start).minus(volume);
  return { level: next.level, needed: Decimal.max(needed, 0).toFixed() };
}
