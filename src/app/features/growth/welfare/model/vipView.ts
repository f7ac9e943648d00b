/**
 * The VIP card's view (WELUI-5..6, VIP-1): nothing while VIP is off; else the level, the 30-day volume, the
 * progress to the next level, the fee discount in percent and the table. Exact decimals; only the bar's width is
 * a number.
 */
import { Decimal } from '../../../../../shared/decimal';
import type { VipInfo } from '../../../../../shared/schemas/rewards';

export interface VipRowView {
  level: number;
  start: string;
  end: string;
  /** The discount in percent ("0.025" -> "2.5"). */
  discountPct: string;
  current: boolean;
}

export interface VipView {
  level: number;
  volume: string;
  discountPct: string;
  /** The next level and the volume still needed, null at the top. */
  next: { level: number; needed: string } | null;
  /** Progress from this level's start to the next level's start, 0..100 (100 at the top). */
  progress: number;
  rows: VipRowView[];
}

export const percentOf = (fraction: string): string => new Decimal(fraction).times(100).toFixed();

/** VIP-1: null (show nothing) while VIP is off or its table was refused. */
export function vipView(info: VipInfo | undefined): VipView | null {
  if (!info || !info.open) return null;
  const current = info.levels.find((l) => l.level === info.level);
  const nextRow = info.next ? info.levels.find((l) => l.level === info.next!.level) : undefined;
  let progress = 100;
  if (info.next) {
    const from = new Decimal(current?.start ?? 0);
    const to = nextRow ? new Decimal(nextRow.start) : new Decimal(info.volume30d).plus(info.next.needed);
    const span = to.minus(from);
    const done = new Decimal(info.volume30d).minus(from);
    const ratio = span.lte(0) ? new Decimal(1) : Decimal.min(Decimal.max(done.div(span), 0), 1);
    progress = ratio.times(100).toDecimalPlaces(1, Decimal.ROUND_DOWN).toNumber();
  }
  return {
    level: info.level,
    volume: info.volume30d,
    discountPct: percentOf(info.feeDiscount),
    next: info.next,
    progress,
    rows: info.levels.map((l) => ({
      level: l.level,
      start: l.start,
      end: l.end,
      discountPct: percentOf(l.feeDiscount),
      current: l.level === info.level,
    })),
  };
}
