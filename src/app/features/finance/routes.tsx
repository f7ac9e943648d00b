/**
 * The finance area's routes (spec 2.1): later issues' screens, "coming soon" until then. `/finance` is not a
 * tab-bar path (NAV-2), so its top bar has a back arrow, to home (NAV-6).
 */
import { placeholder, type RouteDef } from '../routeDef';
import { MARKETS_PATHS } from '../markets/paths';
import { FINANCE_PATHS } from './paths';

export const FINANCE_ROUTES: readonly RouteDef[] = [
  { path: FINANCE_PATHS.finance, load: placeholder('finance', MARKETS_PATHS.home), ns: [] }, // declared twice in the source; once here
  { path: FINANCE_PATHS.subscribe, load: placeholder('subscribe'), ns: [] },
];
