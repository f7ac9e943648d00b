/**
 * The finance area's routes (spec 2.1; FINUI rules): the products, holdings and history of /finance, a
 * bottom-tab screen that shows the tab bar (NAV-2), and a product's page with its subscription form.
 */
import type { RouteDef } from '../routeDef';
import { FINANCE_PATHS } from './paths';

export const FINANCE_ROUTES: readonly RouteDef[] = [
  { path: FINANCE_PATHS.finance, load: () => import('./screens/FinanceScreen'), ns: ['finance'] }, // declared twice in the source; once here
  { path: FINANCE_PATHS.subscribe, load: () => import('./screens/SubscribeScreen'), ns: ['finance'] },
];
