/**
 * Refresh cadences (ms) for views that are scanned rather than read tick by tick, passed to useTicker /
 * useTrades. A major exchange refreshes its market list about once a second; ours refreshes list rows four
 * times a second and the recent-trades list ten times, always on an animation frame with the newest data. The
 * pair header's last price and the chart follow every frame. 0 = every frame.
 */
export const LIST_CADENCE_MS = 250;
export const TRADES_CADENCE_MS = 100;
/**
 * The order book on screen (BOOK-4): ten times a second, like the recent trades and like the 100 ms depth stream
 * of a major exchange; the worker still applies every delta, so each refresh shows the newest book.
 */
export const BOOK_CADENCE_MS = 100;
/** A sparkline (12 hours of 15-minute closes) redraws at most once a second. */
export const SPARK_CADENCE_MS = 1000;
/**
 * The accessible tables beside the book and tape canvases (PERF-32): once a second, calm enough to read and
 * never announced (no aria-live), the cadence a screen reader user can follow.
 */
export const A11Y_TABLE_CADENCE_MS = 1000;
