/**
 * The kline chart (uPlot, loaded lazily with its CSS): candles and volume bars, a live last candle on its own
 * overlay canvas, pan (drag), zoom (wheel and pinch), older history when the view reaches the first candle, and
 * a crosshair with an OHLC readout. The drawing, the viewport and the redraw plan live in chartController.ts
 * (no React); this component creates the controller once per height, hands it the engine's series on each
 * change without a render (useKlinesFeed, PERF-56) and renders the readout, the loading note and "back to
 * latest".
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import 'uplot/dist/uPlot.min.css';
import { INTERVAL_MS, type KlineInterval } from '../../../../../shared/protocol';
import { useKlines, useKlinesFeed, loadOlderKlines } from '../../../../market/hooks';
import { languageState } from '../../../../i18n/index';
import { settings } from '../../../../state/settings';
import { Readout, ReadoutBar } from './ChartReadout';
import { ChartController } from './chartController';
import { chartMarks } from './chartMarks';
import { labelDecimals, readoutTime } from './chartFormat';
import { chartSummary } from './chartSummary';
import { formatDecimal } from '../../../../i18n/format';
import type { Viewport } from './viewport';
import type { KlineView } from '../../../../../engine';
import './KlineChart.css';

interface Props {
  symbol: string;
  interval: KlineInterval;
  height: number;
  label: string;
  /** NUM-2: the pair's own price decimals, when it has them. */
  priceDecimals?: number;
}

/** How often the chart's text alternative is rewritten (A11Y-15): calm, for reading, not for following ticks. */
const CHART_TEXT_MS = 5000;

/**
 * The chart as text (A11Y-15): the last candle and the range in view, visually hidden inside the figure, rewritten
 * every CHART_TEXT_MS at most and never a live region (a reader finds it, it does not interrupt). Memoised: the
 * chart re-renders on every frame (its view follows every tick) and the text must not, so it renders on its own
 * cadence or when its props change (`visible` is stable).
 */
const ChartText = memo(function ChartText(p: {
  symbol: string;
  interval: KlineInterval;
  pairDecimals?: number;
  lang: string;
  offsetMinutes: number;
  visible: () => Viewport | null;
}) {
  const { t } = useTranslation('market');
  const view = useKlines(p.symbol, p.interval, CHART_TEXT_MS);
  const s = view ? chartSummary(view, p.visible(), labelDecimals(view.priceDecimals, p.pairDecimals)) : undefined;
  const time = (sec: number) => readoutTime(sec, p.offsetMinutes, p.lang);
  const num = (v: string) => formatDecimal(v, p.lang);
  return (
    <p className="visually-hidden" dir="auto" data-testid="chart-text">
      {s
        ? t('chartSummary', {
            time: time(s.time),
            open: num(s.open),
            high: num(s.high),
            low: num(s.low),
            close: num(s.close),
            from: time(s.from),
            to: time(s.to),
            rangeHigh: num(s.rangeHigh),
            rangeLow: num(s.rangeLow),
          })
        : t('chartLoading')}
    </p>
  );
});

export default function KlineChart({ symbol, interval, height, label, priceDecimals }: Props) {
  const { t } = useTranslation('market');
  const { language } = useSnapshot(languageState);
  const { offsetMinutes } = useSnapshot(settings);
  const boxRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const readout = useRef<Readout>(null!);
  readout.current ??= new Readout();
  const labels = useMemo(() => {
    const o = { lng: language };
    return {
      o: t('ohlcOpen', o),
      h: t('ohlcHigh', o),
      l: t('ohlcLow', o),
      c: t('ohlcClose', o),
      v: t('ohlcVolume', o),
    };
  }, [t, language]);
  const chart = useRef<ChartController | null>(null);
  const visible = useCallback(() => chart.current?.visible() ?? null, []);
  const [following, setFollowing] = useState(true);
  const context = {
    step: INTERVAL_MS[interval] / 1000,
    offset: offsetMinutes,
    lang: language,
    pairDecimals: priceDecimals,
  };
  // The effects below run on their own triggers (height; a display setting) and read the newest context and
  // view through refs.
  const contextRef = useRef(context);
  contextRef.current = context;
  const viewRef = useRef<KlineView | undefined>(undefined);

  // Create the controller (and its uPlot) once per height; it resizes with the box.
  useEffect(() => {
    const c = new ChartController(boxRef.current!, hostRef.current!, height, {
      readout: readout.current,
      loadOlder: (key) => {
        const [sym, iv] = key.split('|');
        return loadOlderKlines(sym, iv as KlineInterval);
      },
      onFollowing: setFollowing,
    });
    c.setContext(contextRef.current);
    chart.current = c;
    applyRef.current(viewRef.current);
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [height]);

  // The series goes straight to the controller on each change (PERF-56), not through a render; a new display
  // setting applies it again. The controller redraws everything only when it must.
  const apply = useCallback(
    (v: KlineView | undefined) => {
      viewRef.current = v;
      const c = chart.current;
      if (!c || !v || v.length === 0) return;
      c.setContext({
        step: INTERVAL_MS[interval] / 1000,
        offset: offsetMinutes,
        lang: language,
        pairDecimals: priceDecimals,
      });
      c.apply(v, `${symbol}|${interval}`, language, offsetMinutes);
    },
    [symbol, interval, language, offsetMinutes, priceDecimals],
  );
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const filled = useKlinesFeed(symbol, interval, apply);

  // Entry and exit marks a panel asked for (SECUI-9), for the symbol shown only.
  const marks = useSnapshot(chartMarks);
  useEffect(() => {
    chart.current?.setMarks(marks.symbol === symbol ? marks.marks : []);
  }, [marks, symbol, height]);

  return (
    <div
      className="kc"
      ref={boxRef}
      dir="ltr"
      data-candles="0"
      data-testid="kline-chart"
      role="figure"
      aria-label={label}
    >
      <ReadoutBar r={readout.current} labels={labels} />
      <ChartText
        symbol={symbol}
        interval={interval}
        pairDecimals={priceDecimals}
        lang={language}
        offsetMinutes={offsetMinutes}
        visible={visible}
      />
      <div className="kc-host" ref={hostRef} title={t('chartHint')} />
      {!filled && <div className="kc-loading">{t('chartLoading')}</div>}
      {!following && (
        <button type="button" className="kc-latest" onClick={() => chart.current?.backToLatest()}>
          {t('backToLatest')} »
        </button>
      )}
    </div>
  );
}
