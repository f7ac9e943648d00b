/**
 * The kline chart (uPlot, loaded lazily with its CSS): candles and volume bars, a live last candle on its own
 * overlay canvas, pan (drag), zoom (wheel and pinch), older history when the view reaches the first candle, and
 * a crosshair with an OHLC readout. The drawing, the viewport and the redraw plan live in chartController.ts
 * (no React); this component creates the controller once per height, feeds it the engine's view (the hook
 * commits at most once per frame) and renders the readout, the loading note and "back to latest".
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import 'uplot/dist/uPlot.min.css';
import { INTERVAL_MS, type KlineInterval } from '../../../../../shared/protocol';
import { useKlines, loadOlderKlines } from '../../../../market/hooks';
import { languageState } from '../../../../i18n/index';
import { settings } from '../../../../state/settings';
import { Readout, ReadoutBar } from './ChartReadout';
import { ChartController } from './chartController';
import { chartMarks } from './chartMarks';
import './KlineChart.css';

interface Props {
  symbol: string;
  interval: KlineInterval;
  height: number;
  label: string;
  /** NUM-2: the pair's own price decimals, when it has them. */
  priceDecimals?: number;
}

export default function KlineChart({ symbol, interval, height, label, priceDecimals }: Props) {
  const { t } = useTranslation('market');
  const { language } = useSnapshot(languageState);
  const { offsetMinutes } = useSnapshot(settings);
  const view = useKlines(symbol, interval);
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
  const [following, setFollowing] = useState(true);
  const context = {
    step: INTERVAL_MS[interval] / 1000,
    offset: offsetMinutes,
    lang: language,
    pairDecimals: priceDecimals,
  };
  // The effects below run on their own triggers (height; a new view version or display setting) and read the
  // newest context and view through refs.
  const contextRef = useRef(context);
  contextRef.current = context;
  const viewRef = useRef(view);
  viewRef.current = view;

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
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [height]);

  // Apply data only when the view's version changed; the controller redraws everything only when it must.
  const version = view?.version ?? -1;
  useEffect(() => {
    const c = chart.current;
    const v = viewRef.current;
    if (!c || !v || v.length === 0) return;
    c.setContext(contextRef.current);
    c.apply(v, `${symbol}|${interval}`, language, offsetMinutes);
  }, [version, symbol, interval, language, offsetMinutes, priceDecimals]);

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
      <div className="kc-host" ref={hostRef} title={t('chartHint')} />
      {!view?.length && <div className="kc-loading">{t('chartLoading')}</div>}
      {!following && (
        <button type="button" className="kc-latest" onClick={() => chart.current?.backToLatest()}>
          {t('backToLatest')} »
        </button>
      )}
    </div>
  );
}
