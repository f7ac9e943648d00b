/**
 * A lead trader's equity curve (FOLUI-3) as a plain SVG line: the hourly points the server computed from the
 * journal, scaled to the box. Only drawing uses floating point; the figures shown beside it are the exact strings.
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { EquityPoint } from '../../../../shared/schemas/follow';
import { useFmt } from './cells';

type Point = z.infer<typeof EquityPoint>;
const W = 600;
const H = 160;

/** The SVG path of the points in a W x H box (exported for the test). */
export function equityPath(points: readonly Point[]): string {
  if (points.length < 2) return '';
  const xs = points.map((p) => p.time);
  const ys = points.map((p) => Number(p.equity));
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const sx = (x: number) => (x1 === x0 ? 0 : ((x - x0) / (x1 - x0)) * W);
  const sy = (y: number) => (y1 === y0 ? H / 2 : H - 4 - ((y - y0) / (y1 - y0)) * (H - 8));
  return points.map((p, i) => `${i ? 'L' : 'M'}${sx(xs[i]).toFixed(1)},${sy(ys[i]).toFixed(1)}`).join(' ');
}

export function EquityChart({ points }: { points: readonly Point[] }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  if (points.length < 2) return <p className="cp-note">{t('trader.noEquity')}</p>;
  const first = points[0];
  const last = points[points.length - 1];
  const up = Number(last.equity) >= Number(first.equity);
  return (
    <figure className="cp-chart" data-testid="equity-chart">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('trader.equity')}>
        <path d={equityPath(points)} className={up ? 'cp-line cp-line--up' : 'cp-line cp-line--down'} />
      </svg>
      <figcaption className="cp-chart__axis">
        <span>{`${f.date(first.time)} · ${f.money(first.equity)}`}</span>
        <span>{`${f.date(last.time)} · ${f.money(last.equity)} USDT`}</span>
      </figcaption>
    </figure>
  );
}
