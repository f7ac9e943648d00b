/** The growth area's routes (spec 2.1, 2.4): later issues' screens, "coming soon" until then. */
import { placeholder, type RouteDef } from '../routeDef';
import { GROWTH_PATHS } from './paths';

export const GROWTH_ROUTES: readonly RouteDef[] = [
  { path: GROWTH_PATHS.invaite, load: placeholder('invite'), ns: [] }, // declared twice in the source; once here
  { path: GROWTH_PATHS.welfare, load: () => import('./welfare/screens/WelfareScreen'), ns: ['welfare'] },
  { path: GROWTH_PATHS.invite, load: placeholder('invite'), ns: [] },
  { path: GROWTH_PATHS.extend, load: placeholder('extend'), ns: [] },
];
