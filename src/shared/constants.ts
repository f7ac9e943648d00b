/**
 * Business constants and limits of spec 9, named once. Both the app and the server import them.
 */

// ---------------------------------------------------------------- 9.1 general

/** Every REST call gives up after 10 s (spec 7, 9.1): the default, and the longest config.json may set (DEPLOY-10). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The shortest request timeout config.json may set (DEPLOY-10). */
export const REQUEST_TIMEOUT_MIN_MS = 1_000;
/** The language flagged default in the built-in default settings (9.1). */
export const SETTINGS_DEFAULT_LANGUAGE = 'zh';
/** The socket reconnects this long after an error (4.7, 9.1). */
export const SOCKET_RECONNECT_MS = 3_000;
/** Platform time zone when none is configured (9.1). */
export const DEFAULT_TIMEZONE_OFFSET = '+08:00';
export const DEFAULT_TIMEZONE_ID = 'Asia/Shanghai';

// ---------------------------------------------------------------- 9.3a interface

export const POPUP_Z_INDEX_BASE = 2_000;

// ---------------------------------------------------------------- REST limits of the reference server

/** Kline history call: default and largest `limit`. */
export const KLINE_DEFAULT_LIMIT = 500;
export const KLINE_MAX_LIMIT = 2_000;
/** Recent trades call: default and largest `limit`. */
export const TRADES_DEFAULT_LIMIT = 100;
export const TRADES_MAX_LIMIT = 500;
