/** The markets area's routes (spec 2.1): home, the market lists, search. Namespace `market`. */
import type { RouteDef } from '../routeDef';
import { MARKETS_PATHS } from './paths';

const ns = ['market'] as const;

export const MARKETS_ROUTES: readonly RouteDef[] = [
  { path: MARKETS_PATHS.home, load: () => import('./screens/HomeScreen'), ns, public: true },
  { path: MARKETS_PATHS.markets, load: () => import('./screens/MarketsScreen'), ns, public: true },
  { path: MARKETS_PATHS.search, load: () => import('./screens/SearchScreen'), ns, public: true },
];
