/**
 * One finance product (FINUI-3): coin logo and name, the APR large, term, minimum, quota left as a bar, the
 * early-redemption rule, and Subscribe (a closed product says so instead).
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FinanceProduct } from '../../../../shared/schemas/finance';
import { CoinIcon } from '../../../ui/CoinIcon';
import { aprPercent, quotaLeftPct } from '../model/finance';
import { subscribeHref } from '../paths';
import { amount } from './format';
import { textDir } from '../../../ui/bidi';
import '../../../forms/forms.css';

export function ProductCard({ p }: { p: FinanceProduct }) {
  const { t } = useTranslation('finance');
  const coin = p.coin.toUpperCase();
  const pct = quotaLeftPct(p);
  return (
    <article className="card fin-card" data-testid={`finance-product-${p.id}`} aria-labelledby={`fin-p-${p.id}`}>
      <header className="fin-card__head">
        <CoinIcon coin={p.coin} size={28} />
        <h3 id={`fin-p-${p.id}`} className="fin-card__name" dir={textDir(p.name)}>
          {p.name}
        </h3>
        <span className={`fin-badge fin-badge--${p.kind}`}>{t(`kind.${p.kind}`)}</span>
      </header>
      <div className="fin-card__rate">
        <span className="fin-apr" data-testid="finance-apr">
          {aprPercent(p.apr)}%
        </span>
        <span className="fin-muted">{t('product.apr')}</span>
      </div>
      <dl className="facts fin-facts">
        <div>
          <dt>{t('product.term')}</dt>
          <dd>{p.kind === 'fixed' ? t('product.days', { n: p.termDays }) : t('kind.flexible')}</dd>
        </div>
        <div>
          <dt>{t('product.min')}</dt>
          <dd>
            {amount(p.minAmount)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('product.redeem')}</dt>
          <dd>{t(`early.${p.earlyRedeem}`)}</dd>
        </div>
      </dl>
      <div className="fin-quota">
        <div className="fin-quota__label">
          <span className="fin-muted">{t('product.quotaLeft')}</span>
          <span className="fin-num">
            {amount(p.remaining)} / {amount(p.quota)} {coin}
          </span>
        </div>
        <div
          className="fin-bar"
          role="progressbar"
          aria-label={t('product.quotaLeft')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
      </div>
      {p.open ? (
        <Link className="fbtn fbtn--primary fbtn--block" to={subscribeHref(p.id)} data-testid="finance-subscribe-link">
          {t('product.subscribe')}
        </Link>
      ) : (
        <button type="button" className="fbtn fbtn--secondary fbtn--block" disabled>
          {t('product.closed')}
        </button>
      )}
    </article>
  );
}
