/**
 * Registers the service worker the build wrote (`/sw.js`, vite.config.ts; PERF-21, PERF-22) once the page has
 * loaded, so its install (the precache) never competes with the first paint. Production builds only: the dev
 * server has no worker. A registration that fails (no support, private mode) leaves the app as it was.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
