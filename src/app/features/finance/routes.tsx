/** The finance area's routes (spec 2.1): later issues' screens, "coming soon" until then. */
import { placeholder, type RouteDef } from '../routeDef';
import { FINANCE_PATHS } from './paths';

export const FINANCE_ROUTES: readonly RouteDef[] = [
  { path: FINANCE_PATHS.finance, load: placeholder('finance', false), ns: [] }, // declared twice in the source; once here
  { path: FINANCE_PATHS.subscribe, load: placeholder('subscribe'), ns: [] },
];
