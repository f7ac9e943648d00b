/** The order-entry area until the trading issue lands: says so plainly, with nothing pretending to work. */
import { useTranslation } from 'react-i18next';

export function TradingSoon() {
  const { t } = useTranslation('market');
  return (
    <section className="trade-soon" aria-labelledby="trade-soon-title">
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <div>
        <h2 id="trade-soon-title">{t('tradingSoonTitle')}</h2>
        <p>{t('tradingSoonBody')}</p>
      </div>
    </section>
  );
}
