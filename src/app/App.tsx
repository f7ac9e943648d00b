/**
 * The app shell: the router with one root route that picks the phone or desktop layout, plus the
 * global layers (toasts, loading overlay, customer-service chooser).
 */
import { useEffect, useLayoutEffect } from 'react';
import { useSnapshot } from 'valtio';
import { createBrowserRouter, RouterProvider, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toRouteObjects } from './routes';
import { useIsDesktop } from './ui/useIsDesktop';
import { PhoneLayout } from './layout/PhoneLayout';
import { DesktopLayout } from './layout/DesktopLayout';
import { Toasts } from './ui/Toasts';
import { ProtocolNotice } from './ui/ProtocolNotice';
import { LoadingOverlay } from './ui/LoadingOverlay';
import { loadOnOpen } from './ui/loadOnOpen';
import { RouteAnnouncer } from './ui/RouteAnnouncer';
import { serviceState } from './ui/customerService';
import { setSessionNavigator } from './session/guard';
import { settings } from './state/settings';
import { applyFavicon, faviconUrl } from './ui/brand';
import './layout/layout.css';

function Shell() {
  const desktop = useIsDesktop();
  const { config } = useSnapshot(settings);
  const icon = faviconUrl(config.LOGO_SETTING);
  // BRAND-2: the favicon follows LOGO_SETTING.
  useEffect(() => applyFavicon(document, icon), [icon]);
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation('common');
  // Spec 2.3: every navigation scrolls to the top.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return (
    <>
      <a href="#main" className="skip-link visually-hidden-focusable">
        {t('nav.skip')}
      </a>
      {navigation.state !== 'idle' && <div className="nav-progress" aria-hidden="true" />}
      {desktop ? <DesktopLayout /> : <PhoneLayout />}
      <RouteAnnouncer />
    </>
  );
}

export function Boot() {
  return (
    <div className="boot" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <Shell />, hydrateFallbackElement: <Boot />, children: toRouteObjects() },
  ]);
}

let router: ReturnType<typeof createAppRouter> | undefined;

const ServiceChooser = loadOnOpen(() => import('./ui/ServiceChooser').then((m) => m.ServiceChooser));

/** The customer-service chooser, loaded the first time it opens. */
function ServiceChooserLayer() {
  const { chooserOpen } = useSnapshot(serviceState);
  return <ServiceChooser open={chooserOpen} />;
}

export default function App() {
  router ??= createAppRouter();
  setSessionNavigator((path) => void router!.navigate(path));
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
      <ProtocolNotice />
      <LoadingOverlay />
      <ServiceChooserLayer />
    </>
  );
}
