/**
 * Proxy investing's routes (PROXY-10..14) with the `proxy` namespace. `/proxy` opens signed out too (its
 * explanation and a log-in button, PROXY-10); the records and the earnings are signed-in only (GUARD-1).
 */
import type { RouteDef } from '../routeDef';
import { PROXY_PATHS } from './paths';

export const PROXY_ROUTES: readonly RouteDef[] = [
  { path: PROXY_PATHS.proxy, load: () => import('./screens/ProxyScreen'), ns: ['proxy'] },
  { path: PROXY_PATHS.proxyRecords, load: () => import('./screens/ProxyRecordsScreen'), ns: ['proxy'] },
  { path: PROXY_PATHS.proxyEarnings, load: () => import('./screens/ProxyEarningsScreen'), ns: ['proxy'] },
];
