/**
 * What makes the app installable and calm offline, loaded as its own small chunk after the app has mounted (none
 * of it is needed for the first paint, PERF-10): the service worker's registration (PERF-21) and the offline
 * notice (PERF-23): one line above the tab bar while the browser says it has no network, gone when it is back,
 * in the language in use; a status, not an alert. Plain DOM, outside React: it follows two browser events and
 * the language, and has nothing to render otherwise. The saved last prices (PERF-24) start with the market
 * client (marketClient.ts).
 */
import type { i18n as I18n } from 'i18next';
import { registerServiceWorker } from './serviceWorker';

/** `i18n`: the app's instance, handed in by the entry (an import here would move it out of the entry chunk). */
export function startOffline(i18n: I18n): void {
  registerServiceWorker();
  const notice = document.createElement('div');
  notice.className = 'offline-banner';
  notice.setAttribute('role', 'status');
  notice.dataset.testid = 'offline-banner';
  const update = () => {
    notice.textContent = i18n.t('common:connection.offline');
    if (navigator.onLine !== false) notice.remove();
    else if (!notice.isConnected) document.body.appendChild(notice);
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  i18n.on('languageChanged', update);
  update();
}
