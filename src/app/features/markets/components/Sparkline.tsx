/**
 * A small trend line of a symbol's recent closes (15-minute candles, last 48 ≈ 12 hours), coloured by the
 * 24 h direction. The klines change with every trade, but a 12-hour line does not need 60 redraws a
 * second: the hook listens at SPARK_CADENCE_MS, so the line is recomputed, laid out and painted at most once a
 * second, in the same frame (and React commit) as everything else, with the newest candles. Without `dir` the
 * line takes the current text colour (a market row colours its cell, PERF-44).
 */
import { memo, useMemo } from 'react';
import { useKlines } from '../../../market/hooks';
import { SPARK_CADENCE_MS } from '../../../market/cadence';
import { sparkPath } from '../model/sparkPath';

interface Props {
  symbol: string;
  dir?: number;
  label: string;
  width?: number;
  height?: number;
}

export const Sparkline = memo(function Sparkline({ symbol, dir, label, width = 96, height = 32 }: Props) {
  const k = useKlines(symbol, '15m', SPARK_CADENCE_MS);
  const d = useMemo(() => (k ? sparkPath(k.close, k.length, width, height) : ''), [k, width, height]);
  const color =
    dir === undefined
      ? 'currentColor'
      : dir > 0
        ? 'var(--color-up)'
        : dir < 0
          ? 'var(--color-down)'
          : 'var(--color-text-3, #677180)';
  return (
    <svg
      className="spark"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      {d && <path d={d} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />}
    </svg>
  );
});
