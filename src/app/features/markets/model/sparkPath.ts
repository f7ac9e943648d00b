/**
 * Geometry of a sparkline: the last `points` closes of a column, scaled into a width × height box.
 * Pure (no DOM), so it is unit-tested. Coordinates are drawing positions, never shown as numbers.
 */
export const SPARK_POINTS = 48;

export function sparkPath(
  close: ArrayLike<number>,
  length: number,
  width: number,
  height: number,
  points = SPARK_POINTS,
): string {
  const n = Math.min(points, length);
  if (n < 2) return '';
  const start = length - n;
  let min = Infinity;
  let max = -Infinity;
  for (let i = start; i < length; i++) {
    const v = close[i];
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min || 1;
  const pad = 2;
  const h = height - pad * 2;
  const step = width / (n - 1);
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const y = pad + h - ((close[start + i] - min) / span) * h;
    d += `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  return d;
}
