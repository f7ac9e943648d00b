/** The exchange's wordmark: the LOGO_SETTING image when the platform sets one, else a drawn mark. */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { settings } from '../state/settings';

export function Logo({ compact }: { compact?: boolean }) {
  const snap = useSnapshot(settings);
  const { t } = useTranslation('common');
  const url = snap.config.LOGO_SETTING?.logo;
  if (url) return <img src={url} alt={t('brand')} height={28} className="logo__img" />;
  return (
    <span className="logo">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="8" fill="var(--color-brand)" />
        <path
          d="M8 17.5l4-4 3 3 5-6"
          stroke="#fff"
          strokeWidth="2.2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={compact ? 'visually-hidden' : 'logo__text'}>{t('brand')}</span>
    </span>
  );
}
