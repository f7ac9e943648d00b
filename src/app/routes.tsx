/**
 * The one route table: the features' route tables composed (every route of spec 2.1 and 2.4), each screen loaded
 * lazily (its own chunk) together with its feature's i18n namespaces. Every route runs the navigation guard of 4.2
 * before it renders (a loader), so signed-out visits to guarded paths land on the sign-in path.
 */
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { guard } from './session/guard';
import { setRouteAccess } from './session/paths';
import { loadNamespaces } from './i18n/index';
import type { Namespace } from './i18n/languages';
import type { RouteDef } from './features/routeDef';
import { MARKETS_ROUTES } from './features/markets/routes';
import { TRADE_ROUTES } from './features/trade/routes';
import { CONTENT_ROUTES } from './features/content/routes';
import { SETTINGS_ROUTES } from './features/settings/routes';
import { ACCOUNT_ROUTES } from './features/account/routes';
import { WALLET_ROUTES } from './features/wallet/routes';
import { FINANCE_ROUTES } from './features/finance/routes';
import { GROWTH_ROUTES } from './features/growth/routes';
import { COPY_ROUTES } from './features/copy/routes';
import { MESSAGES_ROUTES } from './features/messages/routes';
import { RECORDS_ROUTES } from './features/records/routes';
import { PROXY_ROUTES } from './features/proxy/routes';
import { FLOW_ROUTES } from './features/flow/routes';
import { DEV_ROUTES } from './features/dev/routes';

export const ROUTES: readonly RouteDef[] = [
  ...MARKETS_ROUTES,
  ...TRADE_ROUTES,
  ...CONTENT_ROUTES,
  ...SETTINGS_ROUTES,
  ...ACCOUNT_ROUTES,
  ...WALLET_ROUTES,
  ...FINANCE_ROUTES,
  ...GROWTH_ROUTES,
  ...COPY_ROUTES,
  ...MESSAGES_ROUTES,
  ...RECORDS_ROUTES,
  ...PROXY_ROUTES,
  ...FLOW_ROUTES,
  ...DEV_ROUTES,
  // anything else
  { path: '*', load: () => import('./screens/notFound/NotFoundScreen'), ns: [] },
];

// PUB-1, DEV-1: the guard learns from the table which paths open without a session.
setRouteAccess(ROUTES);

/** Spec 4.2 on every navigation: redirect when the guard says so. */
async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target = await guard(url.pathname + url.search);
  if (target !== null && target !== url.pathname) throw redirect(target);
  return null;
}

/**
 * PERF-52: starts loading the screen of `pathname` (its chunk and the chunks it imports) at once, while start-up
 * still waits for the settings, so that the router's lazy load later finds it ready instead of starting a second
 * round of requests after them. A failure here is ignored: the router's own load reports it. Returns the screen's
 * i18n namespaces, which start-up loads beside the settings too (PERF-54).
 */
export function warmRoute(pathname: string, defs: readonly RouteDef[] = ROUTES): readonly Namespace[] {
  const match = matchRoutes(
    defs.map((d) => ({ path: d.path, def: d })),
    pathname,
  );
  const def = (match?.[match.length - 1]?.route as { def?: RouteDef } | undefined)?.def;
  def?.load().catch(() => undefined);
  def?.warm?.().catch(() => undefined);
  return def?.ns ?? [];
}

export function toRouteObjects(defs: readonly RouteDef[] = ROUTES): RouteObject[] {
  return defs.map((d) => ({
    path: d.path,
    loader: guardLoader,
    lazy: async () => {
      const [screen] = await Promise.all([d.load(), loadNamespaces(d.ns)]);
      return { Component: screen.default };
    },
  }));
}
