/** Proxy investing's routes (PROXY-10..14) with the `proxy` namespace; signed-in only like every path (GUARD-1). */
import type { RouteDef } from '../routeDef';
import { PROXY_PATHS } from './paths';

export const PROXY_ROUTES: readonly RouteDef[] = [
  { path: PROXY_PATHS.proxy, load: () => import('./screens/ProxyScreen'), ns: ['proxy'] },
  { path: PROXY_PATHS.proxyRecords, load: () => import('./screens/ProxyRecordsScreen'), ns: ['proxy'] },
  { path: PROXY_PATHS.proxyEarnings, load: () => import('./screens/ProxyEarningsScreen'), ns: ['proxy'] },
];
