/**
 * Recent trades (PERF-35): price coloured by side, quantity, and time in the platform time zone (spec 4.6),
 * newest at the top, drawn on a canvas (PERF-30, PERF-31) by the tab's drawing worker or, without
 * OffscreenCanvas, on the main thread. The drawing worker gets the trades from the market worker itself (PERF-36:
 * this tab names the feed and receives the trades once a second for its table); the main-thread fallback gets
 * them without React (useTradesFeed, at TRADES_CADENCE_MS). Each trade's time and price are made once (TapeText,
 * the same code in the market worker). React commits on structural changes and once a second for the visually
 * hidden table of the trades shown (PERF-32), the side in each price's name.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TapeText } from '../../../../workers/drawScene';
import type { TapeFeed } from '../../../../workers/drawWire';
import { A11Y_TABLE_CADENCE_MS, TRADES_CADENCE_MS } from '../../../market/cadence';
import { expectedMode } from '../../../market/draw/surface';
import { remPx, useSurface } from '../../../market/draw/useSurface';
import { useTrades, useTradesFeed } from '../../../market/hooks';
import { formatDecimal } from '../../../i18n/format';
import { settings } from '../../../state/settings';
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
  const feed: TapeFeed = { kind: 'tape', symbol, rows: limit, lang, offsetMinutes, everyMs: TRADES_CADENCE_MS };
  if (priceDecimals !== undefined) feed.priceDecimals = priceDecimals;
  const { canvasRef, surface, mode } = useSurface('tape', { rows: limit, rowHeight: rowH, lang, gap: 0 }, feed);

  // The fallback's tick path (PERF-33): the newest trades to the canvas, never through React.
  const canvasText = useRef(new TapeText());
  useTradesFeed(mode === 'worker' ? undefined : symbol, TRADES_CADENCE_MS, (v) => {
    surface.current?.setData(canvasText.current.rows(v?.trades ?? [], feed));
  });

  // Once a second for the accessible table and the empty note (with the drawing worker, all this tab receives).
  const [workerDrawn] = useState(expectedMode);
  const calm = useTrades(symbol, A11Y_TABLE_CADENCE_MS, workerDrawn === 'worker');
  const [tableText] = useState(() => new TapeText());
  const shown = tableText.rows(calm?.trades ?? [], feed);
  const ids = (calm?.trades ?? []).map((tr) => tr.id);
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
        {shown.length === 0 && <p className="rt-empty">{t('waitingTrades')}</p>}
      </div>
      <table className="visually-hidden" aria-labelledby="rt-title" data-testid="tape-table">
        <ColumnHeads cols={headers} />
        <tbody>
          {shown.map((tr, i) => {
            const price = formatDecimal(tr.price, lang);
            return (
              <tr key={ids[i]}>
                <th scope="row" aria-label={`${tr.buy ? t('buy') : t('sell')} ${price}`}>
                  {price}
                </th>
                <td>{formatDecimal(tr.qty, lang)}</td>
                <td>{tr.time}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
