/**
 * Recent trades (PERF-35): price coloured by side, quantity, and time in the platform time zone (spec 4.6),
 * newest at the top, drawn on a canvas (PERF-30, PERF-31) by the tab's drawing worker or, without
 * OffscreenCanvas, on the main thread. Trades reach the canvas without React (useTradesFeed, at
 * TRADES_CADENCE_MS); each trade's time is formatted once. React commits on structural changes and once a second
 * for the visually hidden table of the trades shown (PERF-32), the side in each price's name.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TradeView } from '../../../../engine';
import { A11Y_TABLE_CADENCE_MS, TRADES_CADENCE_MS } from '../../../market/cadence';
import { tapeRows } from '../../../market/draw/drawList';
import { remPx, useSurface } from '../../../market/draw/useSurface';
import { useTrades, useTradesFeed } from '../../../market/hooks';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { settings } from '../../../state/settings';
import { capDecimals } from '../../../../shared/numberFormat';
import { useLanguage } from '../../../ui/Price';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import './RecentTrades.css';

export const TRADES_SHOWN = 30;
/** A row's height in CSS pixels. */
export const TRADE_ROW_H = 23;

export function RecentTrades({
  symbol,
  base,
  quote,
  limit = TRADES_SHOWN,
  priceDecimals,
}: {
  symbol: string;
  base: string;
  quote: string;
  limit?: number;
  /** NUM-2: the pair's own price decimals, when it has them (a trade's price is never finer). */
  priceDecimals?: number;
}) {
  const { t } = useTranslation('market');
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  // A11Y-7: rows grow with the reader's text size (the root font size, read once), so the canvas text fits them.
  const [rowH] = useState(() => Math.round((TRADE_ROW_H * remPx()) / 16));
  const { canvasRef, surface } = useSurface('tape', { rows: limit, rowHeight: rowH, lang, gap: 0 });

  // Each trade's time, formatted once for this language and time zone (the trades come and go by id).
  const times = useRef({ key: '', map: new Map<number, string>() });
  const timeOf = (tr: TradeView) => {
    const key = `${lang}|${offsetMinutes}`;
    if (times.current.key !== key) times.current = { key, map: new Map() };
    let s = times.current.map.get(tr.id);
    if (s === undefined) {
      s = formatDateTime(tr.ts, { style: 'time', lang, offsetMinutes });
      times.current.map.set(tr.id, s);
    }
    return s;
  };
  // Each trade's price at the pair's decimals (NUM-2), made once per trade like its time.
  const prices = useRef({ decimals: priceDecimals, map: new Map<number, string>() });
  const priceOf = (tr: TradeView) => {
    if (prices.current.decimals !== priceDecimals) prices.current = { decimals: priceDecimals, map: new Map() };
    let s = prices.current.map.get(tr.id);
    if (s === undefined) {
      s = capDecimals(tr.price, priceDecimals);
      prices.current.map.set(tr.id, s);
    }
    return s;
  };
  const last = useRef<readonly TradeView[]>([]);
  // "Waiting for trades…" follows what the canvas draws, not the calm table (a second behind): React commits when
  // the tape turns empty or not, never per tick.
  const [empty, setEmpty] = useState(true);
  const emptyNow = useRef(true);
  // The tick path (PERF-33): the newest trades to the canvas, never through React.
  useTradesFeed(symbol, TRADES_CADENCE_MS, (v) => {
    const trades = v?.trades ?? [];
    last.current = trades;
    if ((trades.length === 0) !== emptyNow.current) {
      emptyNow.current = trades.length === 0;
      setEmpty(emptyNow.current);
    }
    surface.current?.setData(tapeRows(trades, limit, timeOf, priceOf));
    // Forget the times and prices of trades no longer kept.
    for (const map of [times.current.map, prices.current.map])
      if (map.size > trades.length * 2) {
        const keep = new Set(trades.map((x) => x.id));
        for (const id of map.keys()) if (!keep.has(id)) map.delete(id);
      }
  });

  // Once a second for the accessible table and the empty note.
  const calm = useTrades(symbol, A11Y_TABLE_CADENCE_MS);
  const shown = (calm?.trades ?? []).slice(0, limit);
  const headers = useMemo(
    () => [t('priceIn', { coin: quote || '—' }), t('amountIn', { coin: base }), t('time')],
    [t, base, quote],
  );

  return (
    <section className="rt" aria-labelledby="rt-title">
      <h2 id="rt-title" className="rt-title">
        {t('recentTrades')}
      </h2>
      <div className="rt-head" aria-hidden="true">
        <span>{headers[0]}</span>
        <span className="rt-end">{headers[1]}</span>
        <span className="rt-end">{headers[2]}</span>
      </div>
      <div className="rt-body" style={{ height: `${limit * rowH}px` }}>
        <canvas ref={canvasRef} className="rt-canvas" aria-hidden="true" data-testid="tape-canvas" />
        {empty && <p className="rt-empty">{t('waitingTrades')}</p>}
      </div>
      <table className="visually-hidden" aria-labelledby="rt-title" data-testid="tape-table">
        <ColumnHeads cols={headers} />
        <tbody>
          {shown.map((tr) => {
            const price = formatDecimal(priceOf(tr), lang);
            return (
              <tr key={tr.id}>
                <th scope="row" aria-label={`${tr.side === 'buy' ? t('buy') : t('sell')} ${price}`}>
                  {price}
                </th>
                <td>{formatDecimal(tr.qty, lang)}</td>
                <td>{timeOf(tr)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
