/** The settings area's routes (spec 2.1): the language list. Its texts are in `common`. */
import type { RouteDef } from '../routeDef';
import { SETTINGS_PATHS } from './paths';

export const SETTINGS_ROUTES: readonly RouteDef[] = [
  { path: SETTINGS_PATHS.langList, load: () => import('./screens/LangListScreen'), ns: [], public: true },
];
