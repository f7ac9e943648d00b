import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the trade area (spec 2.1, 2.4): one route per trading mode, all served by the trade shell,
 * and the options product's menu entry (a later issue). The addresses are the app's table of screens
 * (`ui/appPaths.ts`, ROOM-3), under this area's name; each mode's is `MODE_PATH` (`market/playing.ts`) too.
 */
export const TRADE_PATHS = APP_PATHS.trade;

/** A trade route with its pair (`?symbol=`). */
export { withSymbol } from '../../market/playing';

/** The watchlist tab stays on the current trade route (`?tab=optional`). */
export function watchlistTab(path: string): string {
  return `${path}?tab=optional`;
}
