/**
 * The kline chart (uPlot, loaded lazily with its CSS): candles and volume bars drawn by a draw hook,
 * a live last candle, pan (drag), zoom (wheel and pinch), and a crosshair with an OHLC readout.
 *
 * Updates: the hook commits at most once per frame; setData runs only when the view's version changed,
 * with the same column arrays when they did not move (no copies). The uPlot instance lives as long as
 * the component; switching symbol or interval only resets the viewport.
 * For tests the container carries data-candles (series length), data-last-close (formatted like the
 * header price) and data-visible (candles the window spans).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { INTERVAL_MS, type KlineInterval } from '../../../../../shared/protocol';
import type { KlineView } from '../../../../../engine/views';
import { useKlines } from '../../../../market/hooks';
import { formatDecimal } from '../../../../i18n/format';
import { languageState } from '../../../../i18n/index';
import { settings } from '../../../../state/settings';
import { drawCandles, type CandleColors } from './drawCandles';
import { priceLabel, readoutTime, timeTick, volumeLabel } from './chartFormat';
import { attachPanZoom } from './panZoom';
import { clamp, follow, initialViewport, isFollowing, type SeriesSpan, type Viewport } from './viewport';
import './KlineChart.css';

interface Props {
  symbol: string;
  interval: KlineInterval;
  height: number;
  label: string;
}

type Cols = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];

function columns(v: KlineView): Cols {
  const cut = (a: Float64Array) => (a.length === v.length ? a : a.subarray(0, v.length));
  return [cut(v.time), cut(v.open), cut(v.high), cut(v.low), cut(v.close), cut(v.volume)];
}

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

interface ChartState {
  key: string;
  data: Cols | null;
  span: SeriesSpan | null;
  vp: Viewport | null;
  step: number;
  decimals: number;
  offset: number;
  lang: string;
}

export default function KlineChart({ symbol, interval, height, label }: Props) {
  const { t } = useTranslation('market');
  const { language } = useSnapshot(languageState);
  const { offsetMinutes } = useSnapshot(settings);
  const view = useKlines(symbol, interval);
  const boxRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const readRef = useRef<Record<'time' | 'o' | 'h' | 'l' | 'c' | 'v', HTMLSpanElement | null>>({ time: null, o: null, h: null, l: null, c: null, v: null });
  const plotRef = useRef<uPlot | null>(null);
  const st = useRef<ChartState>({ key: '', data: null, span: null, vp: null, step: 60, decimals: 2, offset: 0, lang: 'en' });
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);

  st.current.step = INTERVAL_MS[interval] / 1000;
  st.current.offset = offsetMinutes;
  st.current.lang = language;

  const setViewport = (vp: Viewport) => {
    const s = st.current;
    s.vp = vp;
    plotRef.current?.setScale('x', vp);
    if (boxRef.current) boxRef.current.dataset.visible = String(Math.round((vp.max - vp.min) / s.step));
    const f = s.span ? isFollowing(vp, s.span.last, s.step) : true;
    if (f !== followingRef.current) {
      followingRef.current = f;
      setFollowing(f);
    }
  };

  const updateReadout = (u: uPlot) => {
    const s = st.current;
    const d = s.data;
    const r = readRef.current;
    if (!d || d[0].length === 0) return;
    const idx = u.cursor.idx ?? d[0].length - 1;
    const up = d[4][idx] >= d[1][idx];
    const put = (el: HTMLSpanElement | null, text: string, colored: boolean) => {
      if (!el) return;
      el.textContent = text;
      if (colored) el.className = up ? 'kc-v is-up' : 'kc-v is-down';
    };
    put(r.time, readoutTime(d[0][idx], s.offset), false);
    put(r.o, formatDecimal(priceLabel(d[1][idx], s.decimals), s.lang), true);
    put(r.h, formatDecimal(priceLabel(d[2][idx], s.decimals), s.lang), true);
    put(r.l, formatDecimal(priceLabel(d[3][idx], s.decimals), s.lang), true);
    put(r.c, formatDecimal(priceLabel(d[4][idx], s.decimals), s.lang), true);
    put(r.v, volumeLabel(d[5][idx]), false);
  };

  // Create the plot once; resize with the box.
  useEffect(() => {
    const host = hostRef.current!;
    const box = boxRef.current!;
    const up = cssColor('--color-up', '#0a7f56');
    const down = cssColor('--color-down', '#cf304a');
    const colors: CandleColors = { up, down, upVol: withAlpha(up, 0.3), downVol: withAlpha(down, 0.3) };
    const axisStroke = cssColor('--color-text-2', '#5e6673');
    const grid = { stroke: cssColor('--color-border', '#eaecef'), width: 1 };
    const font = `11px ${cssColor('--font-sans', 'sans-serif')}`;
    const hidden = { paths: () => null, points: { show: false } } as const;
    const opts: uPlot.Options = {
      width: Math.max(200, box.clientWidth),
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
            const span = max - min || Math.abs(max) * 0.01 || 1;
            return [min - span * 0.32, max + span * 0.08];
          },
        },
        vol: { auto: true, range: (_u, _min, max) => [0, (max || 1) * 4.5] },
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
          values: (_u, splits, _ai, _space, incr) => splits.map((v) => timeTick(v, incr, st.current.offset)),
        },
        {
          scale: 'y',
          side: 1,
          stroke: axisStroke,
          grid,
          ticks: { show: false },
          font,
          size: 64,
          values: (_u, splits) => splits.map((v) => formatDecimal(priceLabel(v, st.current.decimals), st.current.lang)),
        },
      ],
      hooks: {
        draw: [(u) => drawCandles(u, colors, st.current.step)],
        setCursor: [(u) => updateReadout(u)],
      },
    };
    const u = new uPlot(opts, [[], [], [], [], [], []], host);
    plotRef.current = u;
    const detach = attachPanZoom(u, {
      get: () => ({ vp: st.current.vp, span: st.current.span }),
      set: setViewport,
    });
    const ro = new ResizeObserver(() => {
      const w = Math.max(200, box.clientWidth);
      if (w !== u.width) u.setSize({ width: w, height });
    });
    ro.observe(box);
    return () => {
      ro.disconnect();
      detach();
      u.destroy();
      plotRef.current = null;
      st.current.data = null;
      st.current.key = '';
    };
  }, [height]); // eslint-disable-line react-hooks/exhaustive-deps

  // Apply data only when the view's version changed.
  const version = view?.version ?? -1;
  useEffect(() => {
    const u = plotRef.current;
    const box = boxRef.current;
    if (!u || !box || !view || view.length === 0) return;
    const s = st.current;
    const cols = columns(view);
    const prev = s.data;
    const same = prev !== null && cols.every((c, i) => c === prev[i]);
    const data = same ? prev! : cols;
    const key = `${symbol}|${interval}`;
    const span: SeriesSpan = { first: data[0][0], last: data[0][view.length - 1], step: s.step };
    let vp: Viewport;
    if (s.key !== key || !s.vp || !s.span) vp = initialViewport(span, box.clientWidth);
    else if (isFollowing(s.vp, s.span.last, s.step)) vp = follow(s.vp, span);
    else vp = clamp(s.vp, span, true);
    s.key = key;
    s.data = data;
    s.span = span;
    s.decimals = view.priceDecimals;
    u.setData(data as unknown as uPlot.AlignedData, false);
    setViewport(vp);
    box.dataset.series = key;
    box.dataset.candles = String(view.length);
    box.dataset.lastClose = formatDecimal(view.lastClose, language);
    if (u.cursor.idx == null) updateReadout(u);
  }, [version, symbol, interval, language]); // eslint-disable-line react-hooks/exhaustive-deps

  const backToLatest = () => {
    const s = st.current;
    const box = boxRef.current;
    if (s.span && box) setViewport(initialViewport(s.span, box.clientWidth));
  };

  return (
    <div className="kc" ref={boxRef} dir="ltr" data-candles="0" data-testid="kline-chart" role="figure" aria-label={label}>
      <div className="kc-readout" aria-hidden="true">
        <span className="kc-time" ref={(el) => void (readRef.current.time = el)} />
        <span className="kc-k">{t('ohlcOpen')}</span>
        <span className="kc-v" ref={(el) => void (readRef.current.o = el)} />
        <span className="kc-k">{t('ohlcHigh')}</span>
        <span className="kc-v" ref={(el) => void (readRef.current.h = el)} />
        <span className="kc-k">{t('ohlcLow')}</span>
        <span className="kc-v" ref={(el) => void (readRef.current.l = el)} />
        <span className="kc-k">{t('ohlcClose')}</span>
        <span className="kc-v" ref={(el) => void (readRef.current.c = el)} />
        <span className="kc-k">{t('ohlcVolume')}</span>
        <span className="kc-v" ref={(el) => void (readRef.current.v = el)} />
      </div>
      <div className="kc-host" ref={hostRef} title={t('chartHint')} />
      {!view?.length && <div className="kc-loading">{t('chartLoading')}</div>}
      {!following && (
        <button type="button" className="kc-latest" onClick={backToLatest}>
          {t('backToLatest')} »
        </button>
      )}
    </div>
  );
}
