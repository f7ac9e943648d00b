/** A large card of one coin for the desktop home banner: pair, price, change and a wide sparkline. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../market/hooks';
import type { MarketRow } from '../coins';
import { tradeHref } from '../playing';
import { ChangePill, Num, Price } from './Price';
import { Sparkline } from './Sparkline';

export function HighlightCard({ row }: { row: MarketRow }) {
  const { t } = useTranslation('market');
  const ticker = useTicker(row.symbol);
  return (
    <Link to={tradeHref(row.list, row.symbol)} className="hl-card">
      <span className="hl-card__top">
        <span className="hl-card__pair" dir="ltr">
          {row.base}
          <span className="hl-card__quote">/{row.quote}</span>
        </span>
        <ChangePill ticker={ticker} plain />
      </span>
      <Price ticker={ticker} className="hl-card__price" />
      <span className="hl-card__vol">
        {t('volume24h')} <Num value={ticker?.vol24} />
      </span>
      <Sparkline symbol={row.symbol} dir={ticker?.dir ?? 0} label={t('trendOf', { pair: row.display })} width={220} height={48} />
    </Link>
  );
}
