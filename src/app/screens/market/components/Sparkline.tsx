/**
 * A small trend line of a symbol's recent closes (15-minute candles, last 48 ≈ 12 hours), coloured by the
 * 24 h direction. The klines change with every trade, but a 12-hour line does not need 60 redraws a
 * second: the path is recomputed at most every SPARK_REFRESH_MS (and once more when the last change came
 * in between), so the SVG is laid out and painted about once a second, not every frame.
 */
import { memo, useEffect, useReducer, useRef } from 'react';
import { useKlines } from '../../../market/hooks';
import { sparkPath } from './sparkPath';

export const SPARK_REFRESH_MS = 1000;

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
  const [, wake] = useReducer((x: number) => x + 1, 0);
  const drawn = useRef({ d: '', version: -1, at: -Infinity, size: '' });
  const m = drawn.current;
  const size = `${width}x${height}`;
  const now = performance.now();
  if (k && version !== m.version && (m.d === '' || m.size !== size || now - m.at >= SPARK_REFRESH_MS)) {
    m.d = sparkPath(k.close, k.length, width, height);
    m.version = version;
    m.at = now;
    m.size = size;
  }
  const stale = !!k && version !== m.version;
  useEffect(() => {
    if (!stale) return;
    const id = setTimeout(wake, Math.max(0, SPARK_REFRESH_MS - (performance.now() - drawn.current.at)));
    return () => clearTimeout(id);
  }, [stale]);
  const d = m.d;
  const color = dir > 0 ? 'var(--color-up)' : dir < 0 ? 'var(--color-down)' : 'var(--color-text-3, #848e9c)';
  return (
    <svg className="spark" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {d && <path d={d} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />}
    </svg>
  );
});
