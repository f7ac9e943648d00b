/**
 * The trade screen's pair header: the watchlist star (TRADE-15), the pair name (a button that opens the pair
 * chooser), the live last price (data-testid="header-price"), the 24 h change, and the 24 h statistics.
 * The labels render with the pair; on a tick only LivePrice and LiveStat render, and of their cells only
 * those whose text changed (memoised leaves in Price.tsx), each in a fixed-size contained box whose parent is
 * a plain block (PairHeader.css): Blink lays such a box out on its own, never the header or the page.
 */
import { LIST_CADENCE_MS } from '../../../market/cadence';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../market/hooks';
import type { TickerView } from '../../../../engine';
import type { MarketRow } from '../../../market/coins';
import { ChangePill, Num, Price, useLanguage } from '../../../ui/Price';
import './PairHeader.css';
import { CoinIcon } from '../../../ui/CoinIcon';
import { WatchStar, WatchlistSync } from '../../markets';

interface Props {
  row: MarketRow | undefined;
  symbol: string;
  onChoose?: () => void;
}

/** NUM-2: the header writes prices at the pair's own decimals, as the pair list beside it does. */
function LivePrice({ symbol, decimals }: { symbol: string; decimals?: number }) {
  const lang = useLanguage();
  const ticker = useTicker(symbol);
  return (
    <div className="ph-price">
      <span className="ph-cell">
        <span className="ph-box ph-box--last">
          <Price ticker={ticker} lang={lang} colored className="ph-last" testId="header-price" decimals={decimals} />
        </span>
      </span>
      <span className="ph-cell">
        <span className="ph-box ph-box--chg">
          <ChangePill ticker={ticker} lang={lang} plain />
        </span>
      </span>
    </div>
  );
}

type StatKey = keyof Pick<TickerView, 'high24' | 'low24' | 'vol24' | 'amount24'>;

/**
 * One 24 h statistic: its name, with its unit when it has one ("Volume 24h (BTC)"), and its live value; the high and
 * low are prices, at the pair's decimals (`decimals`).
 */
function LiveStat({
  label,
  unit,
  symbol,
  field,
  decimals,
}: {
  label: string;
  unit?: string;
  symbol: string;
  field: StatKey;
  decimals?: number;
}) {
  const lang = useLanguage();
  // 24 h statistics are read now and then: list cadence; the last price above follows every frame.
  const ticker = useTicker(symbol, LIST_CADENCE_MS);
  return (
    <div>
      <dt>
        {label}
        {unit ? ` (${unit})` : ''}
      </dt>
      <dd className="ph-val">
        <Num value={ticker?.[field]} lang={lang} decimals={decimals} />
      </dd>
    </div>
  );
}

export const PairHeader = memo(function PairHeader({ row, symbol, onChoose }: Props) {
  const { t } = useTranslation('market');
  const base = row?.base ?? symbol.toUpperCase();
  const quote = row?.quote ?? '';
  const name = (
    <span dir="ltr" className="ph-pair">
      <CoinIcon coin={base} size={24} />
      <span className="ph-base">{base}</span>
      {quote && <span className="ph-quote">/{quote}</span>}
    </span>
  );
  return (
    <section className="ph" aria-label={t('marketStats')}>
      <div className="ph-main">
        <div className="ph-title">
          <WatchlistSync />
          <WatchStar symbol={symbol} pair={row?.display ?? base} size={18} className="ph-star" />
          {onChoose ? (
            <button
              type="button"
              className="ph-name"
              onClick={onChoose}
              aria-haspopup="dialog"
              aria-label={`${row?.display ?? base} — ${t('choosePair')}`}
            >
              {name}
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
            </button>
          ) : (
            <h2 className="ph-name">{name}</h2>
          )}
        </div>
        <LivePrice symbol={symbol} decimals={row?.priceDecimals} />
      </div>
      <dl className="ph-stats">
        <LiveStat label={t('high24h')} symbol={symbol} field="high24" decimals={row?.priceDecimals} />
        <LiveStat label={t('low24h')} symbol={symbol} field="low24" decimals={row?.priceDecimals} />
        <LiveStat label={t('volume24h')} unit={base} symbol={symbol} field="vol24" />
        <LiveStat label={t('turnover24h')} unit={quote} symbol={symbol} field="amount24" />
      </dl>
    </section>
  );
});
