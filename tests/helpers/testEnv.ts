/** The variables every test server (one process or the cluster's) runs with, before a file's own. */
export const TEST_SERVER_ENV: Readonly<Record<string, string>> = {
  TEST_SWITCHES: '1',
  // Per-user limits (SAFE-31) x1000: stress tests place thousands of calls for one user.
  USER_LIMIT_SCALE: '1000',
  // PERF-57: a calmer market than the product's 8 trades a second a symbol. A live page paints a frame for nearly
  // every change: an idle /trade page kept Chromium's renderer 0.32 of a core busy at 8, 0.19 at 1 (quiet, 10 s).
  TRADE_RATE: '1',
};
