/**
 * Every route path of the trade area (spec 2.1, 2.4): one route per trading mode, all served by the trade shell,
 * and the options product's menu entry (a later issue).
 */
export const TRADE_PATHS = {
  seconds: '/flash',
  spot: '/trade',
  futures: '/contract',
  options: '/flashOption',
  option: '/option',
} as const;

/** The 2.4 middle menu's futures shortcut: the spot route with componentName=2. */
export const FUTURES_SHORTCUT = `${TRADE_PATHS.spot}?componentName=2`;

/** A trade route with its pair (`?symbol=`). */
export function withSymbol(path: string, symbol: string): string {
  return `${path}?symbol=${encodeURIComponent(symbol)}`;
}

/** The watchlist tab stays on the current trade route (`?tab=optional`). */
export function watchlistTab(path: string): string {
  return `${path}?tab=optional`;
}
