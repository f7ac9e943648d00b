/**
 * The commission by day as a small SVG bar chart (PROXY-13): the last 14 days with a payment, oldest on the left,
 * bar heights relative to the largest (a scale only: the amounts are in the list beside it).
 */
import { Decimal } from '../../../../shared/decimal';
import { formatDateTime, formatDecimal } from '../../../i18n/format';

const W = 320;
const H = 120;
const DAYS = 14;

export function EarningsChart({
  byDay,
  label,
}: {
  byDay: readonly { day: number; commission: string }[];
  label: string;
}) {
  const days = byDay.slice(0, DAYS).reverse();
  if (days.length === 0) return null;
  let max = new Decimal(0);
  for (const d of days) if (new Decimal(d.commission).gt(max)) max = new Decimal(d.commission);
  const slot = W / Math.max(days.length, 7);
  const bar = slot * 0.6;
  return (
    <svg className="proxy-chart" viewBox={`0 0 ${W} ${H + 16}`} role="img" aria-label={label} data-testid="proxy-chart">
      {days.map((d, i) => {
        // A ratio for drawing only (pixels), not money.
        const h = max.gt(0) ? Math.max(2, new Decimal(d.commission).div(max).times(H).toNumber()) : 2;
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={d.day}>
            <rect x={x} y={H - h} width={bar} height={h} rx={2} className="proxy-chart__bar">
              <title>{`${formatDateTime(d.day, { style: 'date', offsetMinutes: 0 })}: ${formatDecimal(d.commission)} USDT`}</title>
            </rect>
          </g>
        );
      })}
      <line x1={0} x2={W} y1={H + 0.5} y2={H + 0.5} className="proxy-chart__axis" />
      <text x={0} y={H + 13} className="proxy-chart__label">
        {formatDateTime(days[0].day, { style: 'date', offsetMinutes: 0 })}
      </text>
      <text x={W} y={H + 13} textAnchor="end" className="proxy-chart__label">
        {formatDateTime(days[days.length - 1].day, { style: 'date', offsetMinutes: 0 })}
      </text>
    </svg>
  );
}
