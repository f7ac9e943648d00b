/**
 * Business constants and limits of spec 9, named once. Both the app and the server import them.
 */

// ---------------------------------------------------------------- 9.1 general

/** Every REST call gives up after 10 s (spec 7, 9.1). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The app shell's fallback language (4.3 step 3, 9.1). */
export const APP_DEFAULT_LANGUAGE = 'en';
/** The language flagged default in the built-in default settings (9.1). */
export const SETTINGS_DEFAULT_LANGUAGE = 'zh';
/** The socket reconnects this long after an error (4.7, 9.1). */
export const SOCKET_RECONNECT_MS = 3_000;
/** Recharge-address lookups are debounced to once per 5 s (4.7, 9.1). */
export const RECHARGE_ADDRESS_DEBOUNCE_MS = 5_000;
/** Page sizes the app asks for (7.4, 7.2, 9.1). */
export const POSITION_PAGE_SIZE = 100_000;
export const EXCHANGE_PAIR_PAGE_SIZE = 1_000;
/** Platform time zone when none is configured (9.1). */
export const DEFAULT_TIMEZONE_OFFSET = '+08:00';
export const DEFAULT_TIMEZONE_ID = 'Asia/Shanghai';

// ---------------------------------------------------------------- 9.2 price display

/** Significant digits for tiny values: [upper bound (exclusive), significant digits] (9.2). */
export const PRICE_SIGNIFICANT_RULES: ReadonlyArray<readonly [number, number]> = [
  [1e-5, 6],
  [1e-4, 4],
  [1e-3, 2],
];
/** Fixed decimals otherwise: [upper bound (exclusive), decimals]; values from 100 up get 2 (9.2). */
export const PRICE_DECIMAL_RULES: ReadonlyArray<readonly [number, number]> = [
  [10, 6],
  [100, 4],
];
export const PRICE_DEFAULT_DECIMALS = 2;
/** Suffixes of the shorter-number formatter, applied above each threshold (9.2). */
export const SHORT_NUMBER_SUFFIXES: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];
/** Change percent: 2 decimals, rounded down; magnitudes under 0.01 show as 0.01 (5, 9.2). */
export const CHANGE_PERCENT_DECIMALS = 2;
export const CHANGE_PERCENT_MIN_SHOWN = 0.01;

// ---------------------------------------------------------------- 9.3a interface

export const TOAST_DURATION_MS = 2_000;
export const POPUP_Z_INDEX_BASE = 2_000;

// ---------------------------------------------------------------- 9.4 wallet platforms

export const SPECIAL_WALLET_PLATFORMS = ['paxpay', 'trustwallet'] as const;

// ---------------------------------------------------------------- REST limits of the reference server

/** Kline history call: default and largest `limit`. */
export const KLINE_DEFAULT_LIMIT = 500;
export const KLINE_MAX_LIMIT = 2_000;
/** Recent trades call: default and largest `limit`. */
export const TRADES_DEFAULT_LIMIT = 100;
export const TRADES_MAX_LIMIT = 500;
