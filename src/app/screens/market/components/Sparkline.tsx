/**
 * A small trend line of a symbol's recent closes (15-minute candles, last 48 ≈ 12 hours). Recomputed only
 * when the kline view's version changes; coloured by the 24 h direction.
 */
import { memo, useMemo } from 'react';
import { useKlines } from '../../../market/hooks';
import { sparkPath } from './sparkPath';

interface Props {
  symbol: string;
  dir: number;
  label: string;
  width?: number;
  height?: number;
}

export const Sparkline = memo(function Sparkline({ symbol, dir, label, width = 96, height = 32 }: Props) {
  const k = useKlines(symbol, '15m');
  const version = k?.version ?? 0;
  const d = useMemo(() => (k ? sparkPath(k.close, k.length, width, height) : ''), [version, width, height]); // eslint-disable-line react-hooks/exhaustive-deps
  const color = dir > 0 ? 'var(--color-up)' : dir < 0 ? 'var(--color-down)' : 'var(--color-text-3, #848e9c)';
  return (
    <svg className="spark" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {d && <path d={d} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />}
    </svg>
  );
});
