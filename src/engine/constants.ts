/**
 * Every tuning constant of the engine, named and explained once.
 * Spec rules (9.1, 9.2) live in src/shared/constants.ts; these are the engine's own choices.
 */
import { HEARTBEAT_INTERVAL_MS } from '../shared/protocol';
import { KLINE_MAX_LIMIT, SOCKET_RECONNECT_MS } from '../shared/constants';

/** Reconnect this long after an error or close (spec 4.7, 9.1: 3 seconds). */
export const RECONNECT_DELAY_MS = SOCKET_RECONNECT_MS;
/**
 * Up to this much random extra on top of RECONNECT_DELAY_MS, so that many clients dropped together
 * by a restarting server do not all come back in the same millisecond. Kept small: the browser test
 * expects data again within 3 s plus one round trip.
 */
export const RECONNECT_JITTER_MS = 250;
/**
 * A socket that delivered nothing (not even the HEARTBEAT the engine subscribes to) for this long is
 * treated as dead (half-open) and replaced: two heartbeat intervals (ENG-4).
 */
export const SILENCE_TIMEOUT_MS = 2 * HEARTBEAT_INTERVAL_MS;
/**
 * DEPLOY-4: with several socket URLs, a move to a URL not yet tried since the last open socket waits only this
 * (plus the jitter): the next gateway is another server, so there is no reason to give the dead one 3 s. Once
 * every URL failed in a row, the normal RECONNECT_DELAY_MS applies.
 */
export const FAILOVER_DELAY_MS = 100;
/** A socket still connecting after this long is given up and retried like a failed one. */
export const CONNECT_TIMEOUT_MS = 2 * HEARTBEAT_INTERVAL_MS;
/** Health turns from 'live' to 'delayed' when the last message is older than this (one beat + slack). */
export const DELAYED_AFTER_MS = HEARTBEAT_INTERVAL_MS + 1_000;
/** Frames queued while the socket is not open; beyond this the oldest is dropped and counted. */
export const SEND_QUEUE_MAX = 256;
/**
 * After the last user of a topic lets go, keep it (and its server subscription) this long, so that
 * a route change that releases and re-acquires the same topic does not churn the server.
 */
export const RELEASE_GRACE_MS = 2_000;
/**
 * A subscribe or unsubscribe the server answered THROTTLED (its control budget: 50/s, burst 500) is sent again
 * this long after, if it still holds.
 */
export const THROTTLED_RETRY_MS = 1_000;
/**
 * Candles kept per (symbol, interval): a window of a few thousand (ENG-14), enough for a chart of 5,000
 * (ENG-17). At most 2 x 7 Float64 columns of this size per series: 672 KB.
 */
export const KLINE_CAPACITY = 6_000;
/** Candles asked from the REST history when a series is (re)seeded: one page (server max is 2,000). */
export const KLINE_SEED_LIMIT = 1_000;
/** Candles asked per older page (loadOlderKlines), at most what is left of the capacity (server max). */
export const KLINE_PAGE_LIMIT = KLINE_MAX_LIMIT;
/** Recent trades kept per symbol, newest first. */
export const TRADES_KEPT = 50;
/**
 * Frames buffered per series while its REST history is on the way. Past this the seed is restarted
 * (the new history covers what was dropped), so memory stays bounded under a flood.
 */
export const SEED_BUFFER_MAX = 20_000;
/** A failed REST seed is retried after this long while someone still watches the state. */
export const SEED_RETRY_MS = 2_000;
/** Change entries remembered per series for klinePatch; asking about an older version gets a full patch. */
export const KLINE_CHANGE_LOG = 64;
/** onChange key for connection state changes (health, reconnects), besides the topic keys. */
export const CONNECTION_KEY = 'connection';
/** Rows a depth view shows per side, best first (BOOK-3). */
export const DEPTH_ROWS_MAX = 30;
/** Levels a side asked from the REST depth snapshot when a book resyncs (the server's maximum, BOOK-2). */
export const DEPTH_REST_LIMIT = 500;
/**
 * DEPTH deltas kept per book while it waits for a snapshot (BOOK-2); past this the oldest go (the snapshot on
 * its way is newer than them, and a hole left at the seam is seen as a gap and resynced again).
 */
export const DEPTH_BUFFER_MAX = 2_000;
/** REST depth snapshots of one book are asked at least this far apart (a book that cannot be applied is not polled). */
export const DEPTH_RESYNC_SPACING_MS = 1_000;
