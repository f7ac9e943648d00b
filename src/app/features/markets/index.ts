/** The markets' door: the market table, the watchlist and its star, which the trade screen's pair lists reuse. */
export { MarketTable } from './components/MarketTable';
export { WatchStar } from './components/WatchStar';
export { loadWatchlist, useWatchUid, watchlist } from './watchlist';
export { WatchlistSync } from './WatchlistSync';
