/**
 * The trade screen's pair header: pair name (a button that opens the pair chooser), the live last price
 * (data-testid="header-price"), the 24 h change, and the 24 h statistics.
 */
import { useTranslation } from 'react-i18next';
import { useTicker } from '../../../market/hooks';
import type { MarketRow } from '../coins';
import { ChangePill, Num, Price } from './Price';
import './PairHeader.css';

interface Props {
  row: MarketRow | undefined;
  symbol: string;
  onChoose?: () => void;
}

export function PairHeader({ row, symbol, onChoose }: Props) {
  const { t } = useTranslation('market');
  const ticker = useTicker(symbol);
  const base = row?.base ?? symbol.toUpperCase();
  const quote = row?.quote ?? '';
  const name = (
    <span dir="ltr">
      <span className="ph-base">{base}</span>
      {quote && <span className="ph-quote">/{quote}</span>}
    </span>
  );
  return (
    <section className="ph" aria-label={t('marketStats')}>
      <div className="ph-main">
        {onChoose ? (
          <button type="button" className="ph-name" onClick={onChoose} aria-haspopup="dialog" aria-label={`${row?.display ?? base} — ${t('choosePair')}`}>
            {name}
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        ) : (
          <h2 className="ph-name">{name}</h2>
        )}
        <div className="ph-price">
          <Price ticker={ticker} colored className="ph-last" testId="header-price" />
          <ChangePill ticker={ticker} plain />
        </div>
      </div>
      <dl className="ph-stats">
        <div>
          <dt>{t('high24h')}</dt>
          <dd><Num value={ticker?.high24} /></dd>
        </div>
        <div>
          <dt>{t('low24h')}</dt>
          <dd><Num value={ticker?.low24} /></dd>
        </div>
        <div>
          <dt>{t('volume24h')}{base ? ` (${base})` : ''}</dt>
          <dd><Num value={ticker?.vol24} /></dd>
        </div>
        <div>
          <dt>{t('turnover24h')}{quote ? ` (${quote})` : ''}</dt>
          <dd><Num value={ticker?.amount24} /></dd>
        </div>
      </dl>
    </section>
  );
}
