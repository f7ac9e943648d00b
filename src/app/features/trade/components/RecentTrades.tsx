/**
 * Recent trades: price coloured by side, quantity, and time in the platform time zone (spec 4.6), newest
 * at the top. A table by its roles, built of divs: every row is a fixed-height contained box, so a new trade
 * at the top moves the others without laying out a table. Rows are keyed by trade id and memoised on their
 * values, so only new trades render and each trade is formatted once.
 */
import { TRADES_CADENCE_MS } from '../../../market/cadence';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useTrades } from '../../../market/hooks';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { settings } from '../../../state/settings';
import { useLanguage } from '../../markets/components/Price';
import './RecentTrades.css';

export const TRADES_SHOWN = 30;

interface RowProps {
  price: string;
  qty: string;
  buy: boolean;
  ts: number;
  /** Hidden "Buy"/"Sell" prefix for screen readers. */
  sideLabel: string;
  lang: string;
  offsetMinutes: number;
}

const TradeRow = memo(function TradeRow({ price, qty, buy, ts, sideLabel, lang, offsetMinutes }: RowProps) {
  const shown = formatDecimal(price, lang);
  // The side is in the cell's name rather than a visually hidden span: that span is absolutely positioned,
  // i.e. a paint layer per row, and a new one with every trade made the compositor re-layerize each frame.
  return (
    <div role="row" className="rt-row">
      <span role="cell" className={`num ${buy ? 'rt-buy' : 'rt-sell'}`} aria-label={`${sideLabel} ${shown}`}>
        {shown}
      </span>
      <span role="cell" className="num rt-end">
        {formatDecimal(qty, lang)}
      </span>
      <span role="cell" className="num rt-end rt-time">
        {formatDateTime(ts, { style: 'time', lang, offsetMinutes })}
      </span>
    </div>
  );
});

interface ListProps {
  symbol: string;
  limit: number;
  /** The header row group (ready-made, so React skips it on every update). */
  head: ReactNode;
  buyLabel: string;
  sellLabel: string;
  lang: string;
  offsetMinutes: number;
  emptyText: string;
}

/** The table: the only part that renders when trades arrive, and of its rows only the new ones. */
function TradesTable({ symbol, limit, head, buyLabel, sellLabel, lang, offsetMinutes, emptyText }: ListProps) {
  const view = useTrades(symbol, TRADES_CADENCE_MS);
  const trades = view?.trades;
  const n = Math.min(trades?.length ?? 0, limit);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const tr = trades![i];
    const buy = tr.side === 'buy';
    rows.push(
      <TradeRow
        key={tr.id}
        price={tr.price}
        qty={tr.qty}
        buy={buy}
        ts={tr.ts}
        sideLabel={buy ? buyLabel : sellLabel}
        lang={lang}
        offsetMinutes={offsetMinutes}
      />,
    );
  }
  return (
    <>
      <div role="table" className="rt-table" aria-labelledby="rt-title">
        {head}
        {/* Room for `limit` rows from the first trade on: new trades never change the list's size. */}
        <div
          role="rowgroup"
          className={n > 0 ? 'rt-body' : undefined}
          style={n > 0 ? { height: `calc(${limit} * var(--rt-row-h))` } : undefined}
        >
          {rows}
        </div>
      </div>
      {n === 0 && <p className="rt-empty">{emptyText}</p>}
    </>
  );
}

export function RecentTrades({
  symbol,
  base,
  quote,
  limit = TRADES_SHOWN,
}: {
  symbol: string;
  base: string;
  quote: string;
  limit?: number;
}) {
  const { t } = useTranslation('market');
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  const labels = useMemo(() => ({ buy: t('buy'), sell: t('sell'), empty: t('waitingTrades') }), [t]);
  const head = useMemo(
    () => (
      <div role="rowgroup">
        <div role="row" className="rt-head">
          <span role="columnheader">{t('priceIn', { coin: quote || '—' })}</span>
          <span role="columnheader" className="rt-end">
            {t('amountIn', { coin: base })}
          </span>
          <span role="columnheader" className="rt-end">
            {t('time')}
          </span>
        </div>
      </div>
    ),
    [t, base, quote],
  );
  return (
    <section className="rt" aria-labelledby="rt-title">
      <h2 id="rt-title" className="rt-title">
        {t('recentTrades')}
      </h2>
      <TradesTable
        symbol={symbol}
        limit={limit}
        head={head}
        buyLabel={labels.buy}
        sellLabel={labels.sell}
        lang={lang}
        offsetMinutes={offsetMinutes}
        emptyText={labels.empty}
      />
    </section>
  );
}
