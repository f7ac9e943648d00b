/**
 * The kline chart (uPlot, loaded lazily with its CSS): candles and volume bars drawn by a draw hook,
 * a live last candle on its own overlay canvas, pan (drag), zoom (wheel and pinch), older history when
 * the view reaches the first candle, and a crosshair with an OHLC readout.
 *
 * Updates: the hook commits at most once per frame. A full uPlot redraw (axes, grid, every candle) runs
 * only when redrawPlan.ts says so (new candle, prepended history, viewport, labels, the live candle left
 * the price scale); otherwise only the live candle is drawn again on the overlay (liveOverlay.ts), which
 * owns it: the base drawing leaves it out. The uPlot instance lives as long as the component; switching
 * symbol or interval only resets the viewport.
 * For tests the container carries data-candles (series length), data-last-close (formatted like the
 * header price) and data-visible (candles the window spans).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { INTERVAL_MS, type KlineInterval } from '../../../../../shared/protocol';
import type { KlineView } from '../../../../../engine/views';
import { useKlines, loadOlderKlines } from '../../../../market/hooks';
import { formatDecimal } from '../../../../i18n/format';
import { languageState } from '../../../../i18n/index';
import { settings } from '../../../../state/settings';
import { drawCandles, type CandleColors } from './drawCandles';
import { candleColors, chartOptions } from './chartOptions';
import { priceLabel, timeTick } from './chartFormat';
import { Readout, ReadoutBar } from './ChartReadout';
import { attachPanZoom } from './panZoom';
import { createLiveOverlay, type LiveOverlay } from './liveOverlay';
import { createOlderPager, type OlderPager } from './olderHistory';
import { fullRedrawReason, type DrawnState, type PriceBand } from './redrawPlan';
import { clamp, follow, initialViewport, isFollowing, type SeriesSpan, type Viewport } from './viewport';
import './KlineChart.css';

/** How often the readout follows the live candle at most (a value read by eye: 10 times a second is plenty). */
export const READOUT_LIVE_MS = 100;

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

interface ChartState {
  key: string;
  /** key plus everything the labels depend on (language, time zone, decimals). */
  drawKey: string;
  data: Cols | null;
  span: SeriesSpan | null;
  vp: Viewport | null;
  step: number;
  decimals: number;
  offset: number;
  lang: string;
  /** What the last full redraw drew, and the data range its scales were made from. */
  drawn: DrawnState | null;
  band: PriceBand | null;
  yMin: number;
  yMax: number;
  volMax: number;
  overlay: LiveOverlay | null;
  colors: CandleColors | null;
  /** The data-* values last written (DOM reads are not free at 60 Hz). */
  attrs: { series: string; candles: number; close: string; lang: string };
}

/** The state a full redraw would draw now. */
function drawnState(s: ChartState, vp: Viewport | null): DrawnState | null {
  const d = s.data;
  if (!d || !vp) return null;
  const n = d[0].length;
  const p = n - 2;
  return {
    key: s.drawKey,
    length: n,
    first: d[0][0],
    last: d[0][n - 1],
    buffer: d[0].buffer,
    prev: p >= 0 ? [d[1][p], d[2][p], d[3][p], d[4][p], d[5][p]] : [NaN, NaN, NaN, NaN, NaN],
    vpMin: vp.min,
    vpMax: vp.max,
  };
}

export default function KlineChart({ symbol, interval, height, label }: Props) {
  const { t } = useTranslation('market');
  const { language } = useSnapshot(languageState);
  const { offsetMinutes } = useSnapshot(settings);
  const view = useKlines(symbol, interval);
  const boxRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const readout = useRef<Readout>(null!);
  readout.current ??= new Readout();
  const labels = useMemo(
    () => ({ o: t('ohlcOpen'), h: t('ohlcHigh'), l: t('ohlcLow'), c: t('ohlcClose'), v: t('ohlcVolume') }),
    [t, language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const plotRef = useRef<uPlot | null>(null);
  const st = useRef<ChartState>({
    key: '',
    drawKey: '',
    data: null,
    span: null,
    vp: null,
    step: 60,
    decimals: 2,
    offset: 0,
    lang: 'en',
    drawn: null,
    band: null,
    yMin: NaN,
    yMax: NaN,
    volMax: NaN,
    overlay: null,
    colors: null,
    attrs: { series: '', candles: -1, close: '', lang: '' },
  });
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  const pager = useRef<OlderPager | null>(null);
  pager.current ??= createOlderPager((key) => {
    const [sym, iv] = key.split('|');
    return loadOlderKlines(sym, iv as KlineInterval);
  });

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

  /** A pan or zoom by the user: the viewport, then older history if the left edge is near. */
  const userViewport = (vp: Viewport) => {
    setViewport(vp);
    const s = st.current;
    if (s.span && s.key) pager.current?.check(s.key, vp, s.span);
  };

  const updateReadout = (u: uPlot) => {
    const s = st.current;
    const d = s.data;
    if (!d || d[0].length === 0) return;
    const idx = u.cursor.idx ?? d[0].length - 1;
    if (idx < d[0].length) readout.current!.show(d, idx, s);
  };

  /**
   * The readout following the live candle is read, not watched: it refreshes at most every READOUT_LIVE_MS
   * (and once after the last change), so at flood rate it is not laid out and painted every frame.
   */
  const liveReadout = useRef<{ at: number; timer: ReturnType<typeof setTimeout> | undefined }>({ at: -Infinity, timer: undefined });
  const followLive = (u: uPlot) => {
    const l = liveReadout.current;
    const wait = READOUT_LIVE_MS - (performance.now() - l.at);
    if (wait <= 0) {
      l.at = performance.now();
      updateReadout(u);
      return;
    }
    l.timer ??= setTimeout(() => {
      l.timer = undefined;
      l.at = performance.now();
      const p = plotRef.current;
      if (p && (p.cursor.idx == null || p.cursor.idx === (st.current.data?.[0].length ?? 0) - 1)) updateReadout(p);
    }, wait);
  };

  /** Full redraw (uPlot draw hook): candles but the live one, then the live one on the overlay. */
  const onDraw = (u: uPlot) => {
    const s = st.current;
    const n = s.data ? s.data[0].length : 0;
    if (s.colors) drawCandles(u, s.colors, s.step, s.overlay ? n - 1 : n);
    s.drawn = drawnState(s, s.vp);
    s.band = { min: s.yMin, max: s.yMax, volMax: s.volMax, xMin: u.scales.x.min ?? NaN, xMax: u.scales.x.max ?? NaN, step: s.step };
    s.overlay?.draw(n - 1);
  };

  // Create the plot once; resize with the box.
  useEffect(() => {
    const host = hostRef.current!;
    const box = boxRef.current!;
    const s = st.current;
    s.colors = candleColors();
    const opts = chartOptions(Math.max(200, box.clientWidth), height, {
      timeLabel: (v, incr) => timeTick(v, incr, s.offset),
      priceLabel: (v) => formatDecimal(priceLabel(v, s.decimals), s.lang),
      priceData: (min, max) => {
        s.yMin = min;
        s.yMax = max;
      },
      volData: (max) => void (s.volMax = max),
      draw: onDraw,
      setCursor: updateReadout,
    });
    const u = new uPlot(opts, [[], [], [], [], [], []], host);
    plotRef.current = u;
    s.overlay = createLiveOverlay(u, s.colors, () => st.current.step);
    const detach = attachPanZoom(u, {
      get: () => ({ vp: s.vp, span: s.span }),
      set: userViewport,
    });
    const ro = new ResizeObserver(() => {
      const w = Math.max(200, box.clientWidth);
      if (w !== u.width) u.setSize({ width: w, height });
    });
    ro.observe(box);
    return () => {
      ro.disconnect();
      detach();
      s.overlay?.destroy();
      s.overlay = null;
      u.destroy();
      plotRef.current = null;
      s.data = null;
      s.key = '';
      s.drawn = null;
      s.band = null;
    };
  }, [height]); // eslint-disable-line react-hooks/exhaustive-deps

  // Apply data only when the view's version changed; redraw everything only when redrawPlan says so.
  const version = view?.version ?? -1;
  useEffect(() => {
    const u = plotRef.current;
    const box = boxRef.current;
    if (!u || !box || !view || view.length === 0) return;
    const s = st.current;
    const data = columns(view);
    const n = view.length;
    const key = `${symbol}|${interval}`;
    const span: SeriesSpan = { first: data[0][0], last: data[0][n - 1], step: s.step };
    let vp: Viewport;
    if (s.key !== key || !s.vp || !s.span) vp = initialViewport(span, box.clientWidth);
    else if (isFollowing(s.vp, s.span.last, s.step)) vp = follow(s.vp, span);
    else vp = clamp(s.vp, span, true);
    s.key = key;
    s.drawKey = `${key}|${language}|${offsetMinutes}|${view.priceDecimals}`;
    s.data = data;
    s.span = span;
    s.decimals = view.priceDecimals;
    const live = { time: data[0][n - 1], high: data[2][n - 1], low: data[3][n - 1], volume: data[5][n - 1] };
    if (!s.overlay || fullRedrawReason(s.drawn, drawnState(s, vp)!, live, s.band) !== null) {
      u.setData(data as unknown as uPlot.AlignedData, false);
      setViewport(vp); // commits: one redraw in a microtask (onDraw)
    } else {
      s.overlay.draw(n - 1);
    }
    const a = s.attrs;
    if (a.series !== key) box.dataset.series = a.series = key;
    if (a.candles !== n) box.dataset.candles = String((a.candles = n));
    if (a.close !== view.lastClose || a.lang !== language) {
      a.close = view.lastClose;
      a.lang = language;
      box.dataset.lastClose = formatDecimal(view.lastClose, language);
    }
    if (u.cursor.idx == null || u.cursor.idx === n - 1) followLive(u);
  }, [version, symbol, interval, language, offsetMinutes]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => clearTimeout(liveReadout.current.timer), []);

  const backToLatest = () => {
    const s = st.current;
    const box = boxRef.current;
    if (s.span && box) setViewport(initialViewport(s.span, box.clientWidth));
  };

  return (
    <div className="kc" ref={boxRef} dir="ltr" data-candles="0" data-testid="kline-chart" role="figure" aria-label={label}>
      <ReadoutBar r={readout.current} labels={labels} />
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
