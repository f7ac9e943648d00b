/** Flow (P2P) orders' routes (FLOWUI-*) with the `flow` namespace; signed-in only like every path (GUARD-1). */
import type { RouteDef } from '../routeDef';
import { FLOW_PATHS } from './paths';

export const FLOW_ROUTES: readonly RouteDef[] = [
  { path: FLOW_PATHS.floworder, load: () => import('./screens/FlowMarketScreen'), ns: ['flow'] },
  { path: FLOW_PATHS.floworderConfirm, load: () => import('./screens/FlowOrderScreen'), ns: ['flow'] },
  { path: FLOW_PATHS.floworderMine, load: () => import('./screens/FlowMineScreen'), ns: ['flow'] },
  { path: FLOW_PATHS.floworderApply, load: () => import('./screens/FlowApplyScreen'), ns: ['flow'] },
];
