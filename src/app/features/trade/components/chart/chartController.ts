/**
 * The kline chart's controller, framework-free: it owns the uPlot instance, the live overlay, pan and zoom,
 * older-history paging and the redraw plan. The React component (KlineChart.tsx) creates it once per height,
 * feeds it the engine's view and reads back whether the view follows the latest candle.
 *
 * Updates: a full uPlot redraw (axes, grid, every candle) runs only when redrawPlan.ts says so (new candle,
 * prepended history, viewport, labels, the live candle left the price scale); otherwise only the live candle is
 * drawn again on the overlay (liveOverlay.ts), which owns it: the base drawing leaves it out. Switching symbol or
 * interval only resets the viewport.
 * For tests the box carries data-candles (series length), data-last-close (formatted like the header price) and
 * data-visible (candles the window spans).
 */
import uPlot from 'uplot';
import type { KlineView } from '../../../../../engine';
import { formatDecimal } from '../../../../i18n/format';
import { capDecimals } from '../../../../../shared/numberFormat';
import { drawCandles, type CandleColors } from './drawCandles';
import { candleColors, chartOptions } from './chartOptions';
import { labelDecimals, priceLabel, timeTick } from './chartFormat';
import { attachPanZoom } from './panZoom';
import { createLiveOverlay, type LiveOverlay } from './liveOverlay';
import { createOlderPager, type OlderPager } from './olderHistory';
import type { ChartMark } from './chartMarks';
import { drawMarks, type MarkColors } from './drawMarks';
import { fullRedrawReason, type DrawnState, type PriceBand } from './redrawPlan';
import { clamp, follow, initialViewport, isFollowing, type SeriesSpan, type Viewport } from './viewport';
import { clock, type TimerHandle } from '../../../../time/clock';

/** How often the readout follows the live candle at most (a value read by eye: 10 times a second is plenty). */
export const READOUT_LIVE_MS = 100;

type Cols = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];

/** The OHLC readout the controller writes to (ChartReadout.tsx's Readout). */
interface ReadoutSink {
  show(d: Cols, idx: number, f: { decimals: number; offset: number; lang: string }): void;
}

export interface ChartControllerDeps {
  readout: ReadoutSink;
  /** Loads older candles of `symbol|interval`; resolves to how many came. */
  loadOlder: (key: string) => Promise<number>;
  /** Called when the view starts or stops following the latest candle. */
  onFollowing: (following: boolean) => void;
}

/** What the labels and the step depend on; set before every apply. */
export interface ChartContext {
  /** Seconds per candle. */
  step: number;
  offset: number;
  lang: string;
  /** NUM-2: the pair's own price decimals, when it has them (a label is never finer than the pair's tick). */
  pairDecimals?: number;
}

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
  /** The pair's own price decimals (NUM-2), when it has them. */
  pairDecimals: number | undefined;
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

function markColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#1c5cff';
}

export class ChartController {
  private readonly st: ChartState = {
    key: '',
    drawKey: '',
    data: null,
    span: null,
    vp: null,
    step: 60,
    decimals: 2,
    pairDecimals: undefined,
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
  };
  private plot: uPlot | null = null;
  private following = true;
  private readonly pager: OlderPager;
  private readonly live: { at: number; timer: TimerHandle | undefined } = {
    at: -Infinity,
    timer: undefined,
  };
  private marks: readonly ChartMark[] = [];
  private markColors: MarkColors | null = null;
  private detachPanZoom: () => void = () => undefined;
  private resize: ResizeObserver | null = null;

  constructor(
    private readonly box: HTMLElement,
    host: HTMLElement,
    height: number,
    private readonly deps: ChartControllerDeps,
  ) {
    this.pager = createOlderPager(deps.loadOlder);
    const s = this.st;
    s.colors = candleColors();
    const opts = chartOptions(Math.max(200, box.clientWidth), height, {
      timeLabel: (v, incr) => timeTick(v, incr, s.offset, s.lang),
      priceLabel: (v) => formatDecimal(priceLabel(v, s.decimals), s.lang),
      priceData: (min, max) => {
        s.yMin = min;
        s.yMax = max;
      },
      volData: (max) => void (s.volMax = max),
      draw: (u) => this.onDraw(u),
      setCursor: (u) => this.updateReadout(u),
    });
    const u = new uPlot(opts, [[], [], [], [], [], []], host);
    this.plot = u;
    s.overlay = createLiveOverlay(u, s.colors, () => this.st.step);
    this.detachPanZoom = attachPanZoom(u, {
      get: () => ({ vp: s.vp, span: s.span }),
      set: (vp) => this.userViewport(vp),
    });
    this.resize = new ResizeObserver(() => {
      const w = Math.max(200, box.clientWidth);
      if (w !== u.width) u.setSize({ width: w, height });
    });
    this.resize.observe(box);
  }

  setContext(c: ChartContext): void {
    this.st.step = c.step;
    this.st.offset = c.offset;
    this.st.lang = c.lang;
    this.st.pairDecimals = c.pairDecimals;
  }

  /** Applies the view (call when its version, the pair, the language or the time zone changed). */
  apply(view: KlineView, key: string, language: string, offsetMinutes: number): void {
    const u = this.plot;
    const box = this.box;
    if (!u || view.length === 0) return;
    const s = this.st;
    const data = columns(view);
    const n = view.length;
    const span: SeriesSpan = { first: data[0][0], last: data[0][n - 1], step: s.step };
    let vp: Viewport;
    if (s.key !== key || !s.vp || !s.span) vp = initialViewport(span, box.clientWidth);
    else if (isFollowing(s.vp, s.span.last, s.step)) vp = follow(s.vp, span);
    else vp = clamp(s.vp, span, true);
    s.key = key;
    const decimals = labelDecimals(view.priceDecimals, s.pairDecimals);
    s.drawKey = `${key}|${language}|${offsetMinutes}|${decimals}`;
    s.data = data;
    s.span = span;
    s.decimals = decimals;
    const live = { time: data[0][n - 1], high: data[2][n - 1], low: data[3][n - 1], volume: data[5][n - 1] };
    if (!s.overlay || fullRedrawReason(s.drawn, drawnState(s, vp)!, live, s.band) !== null) {
      u.setData(data as unknown as uPlot.AlignedData, false);
      this.setViewport(vp); // commits: one redraw in a microtask (onDraw)
    } else {
      s.overlay.draw(n - 1);
    }
    const a = s.attrs;
    if (a.series !== key) box.dataset.series = a.series = key;
    if (a.candles !== n) box.dataset.candles = String((a.candles = n));
    if (a.close !== view.lastClose || a.lang !== language) {
      a.close = view.lastClose;
      a.lang = language;
      box.dataset.lastClose = formatDecimal(capDecimals(view.lastClose, s.pairDecimals), language);
    }
    if (u.cursor.idx == null || u.cursor.idx === n - 1) this.followLive(u);
  }

  /** Entry and exit marks (SECUI-9), drawn with the candles; a change redraws once. */
  setMarks(marks: readonly ChartMark[]): void {
    if (marks === this.marks || (marks.length === 0 && this.marks.length === 0)) return;
    this.marks = marks;
    if (this.plot && this.st.data) this.plot.redraw(false, false);
  }

  /** The time window in view (s), or null before the first data (the data alternative's range, A11Y-15). */
  visible(): Viewport | null {
    return this.st.vp;
  }

  backToLatest(): void {
    const s = this.st;
    if (s.span) this.setViewport(initialViewport(s.span, this.box.clientWidth));
  }

  destroy(): void {
    const s = this.st;
    clock.clearTimeout(this.live.timer);
    this.live.timer = undefined;
    this.resize?.disconnect();
    this.detachPanZoom();
    s.overlay?.destroy();
    s.overlay = null;
    this.plot?.destroy();
    this.plot = null;
    s.data = null;
    s.key = '';
    s.drawn = null;
    s.band = null;
  }

  private setViewport(vp: Viewport): void {
    const s = this.st;
    s.vp = vp;
    this.plot?.setScale('x', vp);
    this.box.dataset.visible = String(Math.round((vp.max - vp.min) / s.step));
    const f = s.span ? isFollowing(vp, s.span.last, s.step) : true;
    if (f !== this.following) {
      this.following = f;
      this.deps.onFollowing(f);
    }
  }

  /** A pan or zoom by the user: the viewport, then older history if the left edge is near. */
  private userViewport(vp: Viewport): void {
    this.setViewport(vp);
    const s = this.st;
    if (s.span && s.key) this.pager.check(s.key, vp, s.span);
  }

  private updateReadout(u: uPlot): void {
    const s = this.st;
    const d = s.data;
    if (!d || d[0].length === 0) return;
    const idx = u.cursor.idx ?? d[0].length - 1;
    if (idx < d[0].length) this.deps.readout.show(d, idx, s);
  }

  /**
   * The readout following the live candle is read, not watched: it refreshes at most every READOUT_LIVE_MS
   * (and once after the last change), so at flood rate it is not laid out and painted every frame.
   */
  private followLive(u: uPlot): void {
    const l = this.live;
    const wait = READOUT_LIVE_MS - (clock.monotonic() - l.at);
    if (wait <= 0) {
      l.at = clock.monotonic();
      this.updateReadout(u);
      return;
    }
    l.timer ??= clock.setTimeout(() => {
      l.timer = undefined;
      l.at = clock.monotonic();
      const p = this.plot;
      if (p && (p.cursor.idx == null || p.cursor.idx === (this.st.data?.[0].length ?? 0) - 1)) this.updateReadout(p);
    }, wait);
  }

  /** Full redraw (uPlot draw hook): candles but the live one, then the live one on the overlay. */
  private onDraw(u: uPlot): void {
    const s = this.st;
    const n = s.data ? s.data[0].length : 0;
    if (s.colors) drawCandles(u, s.colors, s.step, s.overlay ? n - 1 : n);
    if (this.marks.length > 0 && s.colors) {
      this.markColors ??= {
        up: s.colors.up,
        down: s.colors.down,
        neutral: markColor('--color-brand'),
        halo: markColor('--color-surface'),
      };
      drawMarks(u, this.marks, s.step, this.markColors);
    }
    s.drawn = drawnState(s, s.vp);
    s.band = {
      min: s.yMin,
      max: s.yMax,
      volMax: s.volMax,
      xMin: u.scales.x.min ?? NaN,
      xMax: u.scales.x.max ?? NaN,
      step: s.step,
    };
    s.overlay?.draw(n - 1);
  }
}
