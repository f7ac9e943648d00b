/**
 * The calm offline notice (PERF-23): one line under the top of every screen while the browser says it has no
 * network, gone again when it is back. A status role without aria-live noise beyond the polite default; the
 * desktop's connection badge (ConnectionIndicator) still tells live, delayed and reconnecting.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOffline = () => navigator.onLine === false;
const never = () => false;

export function OfflineBanner() {
  const offline = useSyncExternalStore(subscribe, isOffline, never);
  const { t } = useTranslation('common');
  if (!offline) return null;
  return (
    <div role="status" className="offline-banner" data-testid="offline-banner">
      {t('connection.offline')}
    </div>
  );
}
