import { MODE_PATH, OPTION_MENU_PATH } from '../../market/playing';

/**
 * Every route path of the trade area (spec 2.1, 2.4): one route per trading mode, all served by the trade shell,
 * and the options product's menu entry (a later issue).
 */
export const TRADE_PATHS = {
  seconds: MODE_PATH.SecondContract,
  spot: MODE_PATH.BBTrading,
  futures: MODE_PATH.Ustandard,
  options: MODE_PATH.Option,
  option: OPTION_MENU_PATH,
} as const;

/** The 2.4 middle menu's futures shortcut: the spot route with componentName=2. */
export const FUTURES_SHORTCUT = `${TRADE_PATHS.spot}?componentName=2`;

/** A trade route with its pair (`?symbol=`). */
export { withSymbol } from '../../market/playing';

/** The watchlist tab stays on the current trade route (`?tab=optional`). */
export function watchlistTab(path: string): string {
  return `${path}?tab=optional`;
}
