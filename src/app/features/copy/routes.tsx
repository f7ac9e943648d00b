/**
 * The copy-trading area's routes (spec 2.1, 2.4): /follow (FOLUI-1) with the `follow` namespace; the follow orders
 * are later issues' screens, "coming soon" until then.
 */
import { placeholder, type RouteDef } from '../routeDef';
import { COPY_PATHS } from './paths';

export const COPY_ROUTES: readonly RouteDef[] = [
  { path: COPY_PATHS.floworder, load: placeholder('floworder'), ns: [] },
  { path: COPY_PATHS.floworderConfirm, load: placeholder('floworderConfirm'), ns: [] },
  { path: COPY_PATHS.floworderMine, load: placeholder('floworderMine'), ns: [] },
  { path: COPY_PATHS.floworderApply, load: placeholder('floworderApply'), ns: [] },
  { path: COPY_PATHS.follow, load: () => import('./screens/FollowScreen'), ns: ['follow'] },
];
