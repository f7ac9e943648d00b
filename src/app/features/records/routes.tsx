/**
 * The trade records' route (spec 7.4 record/*; RECS-7): one screen, signed-in only like every path that is not
 * open (GUARD-1), with the `records` namespace.
 */
import type { RouteDef } from '../routeDef';
import { RECORDS_PATHS } from './paths';

export const RECORDS_ROUTES: readonly RouteDef[] = [
  { path: RECORDS_PATHS.records, load: () => import('./screens/RecordsScreen'), ns: ['records'] },
];
