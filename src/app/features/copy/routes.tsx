/** The copy-trading area's routes (spec 2.1, 2.4): /follow (FOLUI-1) with the `follow` namespace. */
import type { RouteDef } from '../routeDef';
import { COPY_PATHS } from './paths';

export const COPY_ROUTES: readonly RouteDef[] = [
  { path: COPY_PATHS.follow, load: () => import('./screens/FollowScreen'), ns: ['follow'] },
];
