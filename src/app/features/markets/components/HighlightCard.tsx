/**
 * A large card of one coin for the desktop home banner: pair, price, change and a wide sparkline.
 * The link and labels render once; on a tick only the live parts do.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../market/hooks';
import type { MarketRow } from '../../../market/coins';
import { tradeHref } from '../../../market/playing';
import { ChangePill, Num, Price, useLanguage } from '../../../ui/Price';
import { Sparkline } from './Sparkline';
import { CoinIcon } from '../../../ui/CoinIcon';

// Live values sit in fixed-height contained boxes inside plain blocks (HomeScreen.css), so a tick lays
// out the box only, not the card, the banner and the page.
function LiveChange({ symbol }: { symbol: string }) {
  const lang = useLanguage();
  return (
    <span className="hl-card__cell">
      <span className="hl-card__box hl-card__box--chg">
        <ChangePill ticker={useTicker(symbol)} lang={lang} plain />
      </span>
    </span>
  );
}

function LivePrice({ symbol }: { symbol: string }) {
  const lang = useLanguage();
  return (
    <span className="hl-card__cell">
      <span className="hl-card__box hl-card__box--price">
        <Price ticker={useTicker(symbol)} lang={lang} className="hl-card__price" />
      </span>
    </span>
  );
}

function LiveVolume({ symbol }: { symbol: string }) {
  const lang = useLanguage();
  return <Num value={useTicker(symbol)?.vol24} lang={lang} />;
}

function LiveSpark({ symbol, label }: { symbol: string; label: string }) {
  const dir = useTicker(symbol)?.dir ?? 0;
  return <Sparkline symbol={symbol} dir={dir} label={label} width={220} height={48} />;
}

export const HighlightCard = memo(function HighlightCard({ row }: { row: MarketRow }) {
  const { t } = useTranslation('market');
  return (
    <Link to={tradeHref(row.list, row.symbol)} className="hl-card">
      <span className="hl-card__top">
        <span className="hl-card__pair" dir="ltr">
          <CoinIcon coin={row.base} size={20} />
          {row.base}
          <span className="hl-card__quote">/{row.quote}</span>
        </span>
        <LiveChange symbol={row.symbol} />
      </span>
      <LivePrice symbol={row.symbol} />
      <span className="hl-card__vol">
        {t('volume24h')} <LiveVolume symbol={row.symbol} />
      </span>
      <LiveSpark symbol={row.symbol} label={t('trendOf', { pair: row.display })} />
    </Link>
  );
});
