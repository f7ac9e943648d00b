/**
 * uPlot options of the kline chart: hidden OHLCV series (the draw hook paints them), a time axis below,
 * a price axis on the right, price and volume scales with headroom (redrawPlan.ts), colours from the theme.
 * The range functions report the visible data range they were given, for the live-candle rule.
 */
import type uPlot from 'uplot';
import type { CandleColors } from './drawCandles';
import { priceRange, volRange } from './redrawPlan';

function cssColor(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = parseInt(m[1], 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export function candleColors(): CandleColors {
  const up = cssColor('--color-up', '#0a7c54');
  const down = cssColor('--color-down', '#cb2f49');
  return { up, down, upVol: withAlpha(up, 0.3), downVol: withAlpha(down, 0.3) };
}

export interface OptionHooks {
  timeLabel(sec: number, incr: number): string;
  priceLabel(v: number): string;
  /** The visible data ranges the scales were made from. */
  priceData(min: number, max: number): void;
  volData(max: number): void;
  draw(u: uPlot): void;
  setCursor(u: uPlot): void;
}

export function chartOptions(width: number, height: number, h: OptionHooks): uPlot.Options {
  const axisStroke = cssColor('--color-text-2', '#5e6673');
  const grid = { stroke: cssColor('--color-border', '#eaecef'), width: 1 };
  const font = `11px ${cssColor('--font-sans', 'sans-serif')}`;
  const hidden = { paths: () => null, points: { show: false } } as const;
  return {
    width,
    height,
    legend: { show: false },
    padding: [8, 0, 0, 18],
    cursor: {
      drag: { x: false, y: false, setScale: false },
      points: { show: false },
      y: true,
      x: true,
    },
    scales: {
      x: { time: true },
      y: {
        auto: true,
        range: (_u, min, max) => {
          h.priceData(min, max);
          return priceRange(min, max);
        },
      },
      vol: {
        auto: true,
        range: (_u, _min, max) => {
          h.volData(max);
          return volRange(max);
        },
      },
    },
    series: [
      {},
      { label: 'O', scale: 'y', ...hidden },
      { label: 'H', scale: 'y', ...hidden },
      { label: 'L', scale: 'y', ...hidden },
      { label: 'C', scale: 'y', ...hidden },
      { label: 'V', scale: 'vol', ...hidden },
    ],
    axes: [
      {
        stroke: axisStroke,
        grid,
        ticks: { show: false },
        font,
        size: 30,
        space: 70,
        values: (_u, splits, _ai, _space, incr) => splits.map((v) => h.timeLabel(v, incr)),
      },
      {
        scale: 'y',
        side: 1,
        stroke: axisStroke,
        grid,
        ticks: { show: false },
        font,
        size: 64,
        values: (_u, splits) => splits.map((v) => h.priceLabel(v)),
      },
    ],
    hooks: {
      draw: [(u) => h.draw(u)],
      setCursor: [(u) => h.setCursor(u)],
    },
  };
}
