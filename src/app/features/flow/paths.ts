import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of flow (P2P) orders (spec 2.1; FLOWUI-*): the market, one order, my orders, the programme.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const FLOW_PATHS = APP_PATHS.flow;

/** The page of one order. */
export function flowOrderPath(id: number): string {
  return FLOW_PATHS.floworderConfirm.replace(':id', String(id));
}

/** The tabs of /floworder/mine, in the URL as `?tab=` (FLOWUI-5). */
export const FLOW_MINE_TABS = ['active', 'ended', 'offers'] as const;
export type FlowMineTab = (typeof FLOW_MINE_TABS)[number];
