/** Renders the toasts of toast.ts (spec 9.3a: 2000 ms by default) in a polite live region. */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ui } from '../state/toast';
import './ui.css';

export function Toasts() {
  const snap = useSnapshot(ui);
  const { t } = useTranslation('common');
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={t('ui.notifications')}>
      {snap.toasts.map((x) => (
        <div key={x.id} className={`toast toast--${x.kind}`}>
          {x.kind === 'loading' && <span className="spinner spinner--light" aria-hidden="true" />}
          <span>{x.message}</span>
        </div>
      ))}
    </div>
  );
}
