/** The full-screen overlay with 'submittingOrder' while the global loading flag is on (spec 2.3). */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ui } from '../state/toast';
import './ui.css';

export function LoadingOverlay() {
  const { loading } = useSnapshot(ui);
  const { t } = useTranslation('common');
  if (!loading) return null;
  return (
    <div
      className="loading-overlay"
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-label={t('ui.submittingOrder')}
    >
      <div className="loading-overlay__box">
        <span className="spinner" aria-hidden="true" />
        <span>{t('ui.submittingOrder')}</span>
      </div>
    </div>
  );
}
