/** The growth area's routes (spec 2.1, 2.4): the promotion centre (INVUI-1); the welfare centre. */
import type { RouteDef } from '../routeDef';
import { GROWTH_PATHS } from './paths';

export const GROWTH_ROUTES: readonly RouteDef[] = [
  // Declared twice in the source; once here. The phone promotion centre (INVUI-1).
  { path: GROWTH_PATHS.invaite, load: () => import('./screens/InviteScreen'), ns: ['invite', 'proxy'] },
  { path: GROWTH_PATHS.welfare, load: () => import('./welfare/screens/WelfareScreen'), ns: ['welfare'] },
  { path: GROWTH_PATHS.invite, load: () => import('./screens/InviteScreen'), ns: ['invite', 'proxy'] },
  { path: GROWTH_PATHS.extend, load: () => import('./screens/ExtendScreen'), ns: ['invite', 'proxy'] },
];
