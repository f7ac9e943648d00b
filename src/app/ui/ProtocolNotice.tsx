/** CONF-13: the calm, dismissible notice that the backend speaks a newer contract than this app (once per session). */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { dismissProtocolNotice, protocolNotice } from '../api/protocolNotice';
import './ui.css';

export function ProtocolNotice() {
  const { open } = useSnapshot(protocolNotice);
  const { t } = useTranslation('common');
  if (!open) return null;
  return (
    <div className="protocol-notice" role="status">
      <span className="protocol-notice__text">{t('protocol.newerBackend')}</span>
      <button
        type="button"
        className="protocol-notice__close"
        onClick={dismissProtocolNotice}
        aria-label={t('ui.close')}
      >
        ×
      </button>
    </div>
  );
}
