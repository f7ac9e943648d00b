/**
 * What crosses the boundary between a tab and the market worker (WORK-1).
 *
 * Two channels per tab:
 * - the worker port, with Comlink for the RPC ({@link HostTabApi}: hello, watch, unwatch, diagnostics...);
 * - a dedicated MessagePort for the data stream, handed over in `hello`: the worker posts {@link Batch}es,
 *   the tab posts {@link TabToHost} credits. Credit-based flow: the worker sends a batch only while the tab
 *   holds a credit, and the tab grants one from its requestAnimationFrame callback after applying the previous
 *   batch. So a tab gets at most one batch per frame, and a hidden tab (no rAF) gets nothing until it shows.
 * - Frame-timed sending (WORK-7): a credit says when the tab's next frame is due (`at`, minus a lead for
 *   the hop). The worker holds the batch until then, so the batch carries everything that arrived up to just
 *   before that frame and is applied in it: a tick waits for the next frame, not for one and a half.
 */
import type { KlinePatch, Topic } from '../engine';
import type {
  AccountView,
  ConnectionHealth,
  DepthView,
  Diagnostics,
  MarkView,
  PositionsView,
  TickerView,
  TradesView,
} from '../engine';
import type { KlineInterval } from '../shared/protocol';
import type { TestPlatform } from '../shared/testPlatform';
import type { Endpoints } from './bases';

export interface TabHello {
  /** Random id of the tab; also the Web Lock name suffix ({@link tabLockName}). */
  tabId: string;
  /** The data port (worker side of the tab's MessageChannel). */
  batchPort: MessagePort;
  /** True when the tab holds {@link tabLockName}(tabId) until it dies; otherwise it sends pings. */
  holdsLock: boolean;
  testPlatform: TestPlatform | null;
  /** DEPLOY-3: the API base and socket URLs of the tab's config.json; absent or null: the page's origin. */
  endpoints?: Endpoints | null;
}

export interface HelloReply {
  mode: Diagnostics['mode'];
}

/** Per-tab counters kept by the worker (tests and the performance suite). */
export interface TabStats {
  tabId: string;
  topics: string[];
  batchesSent: number;
  credit: boolean;
  pending: number;
}

/** The RPC a tab sees through Comlink. Every method is bound to the tab that connected on that port. */
export interface HostTabApi {
  hello(h: TabHello): HelloReply;
  watch(topic: Topic): void;
  unwatch(topic: Topic): void;
  setTestPlatform(tp: TestPlatform | null): void;
  /**
   * The session token for the private streams (LIVE-1), or null when signed out. One token for the worker: the
   * tabs of an origin share one session, so the last tab to say wins (they all say the same).
   */
  setAccountToken(token: string | null): void;
  /** BUS-8: the socket ticket sent instead of the token where the server offers tickets, or null. */
  setStreamTicket(ticket: string | null): void;
  diagnostics(): Diagnostics;
  tabStats(): TabStats | undefined;
  /**
   * Older candles for a series the tab watches (the chart scrolled to its left edge): resolves with how many
   * were added (0: none older, series full, or not watched). The longer series arrives in the batch stream.
   */
  loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number>;
  /** The tab is going away (pagehide): release everything now. */
  bye(): void;
}

/** One frame's worth of changes for one tab: only the topics it watches that changed. */
export interface Batch {
  t: 'batch';
  /** Per-tab batch counter, from 1. */
  n: number;
  tickers: TickerView[];
  trades: TradesView[];
  klines: KlinePatch[];
  /** Order book views that changed since this tab's last batch (BOOK-4); absent when none. */
  depths?: DepthView[];
  /** The live account, when the tab watches it and it changed (LIVE-1). */
  account?: AccountView;
  /** Mark prices of the watched `mark` topics that changed (WORK-20); absent when none. */
  marks?: MarkView[];
  /** The positions view, when the tab watches it and its version moved (WORK-19). */
  positions?: PositionsView;
  /** Present when the connection health changed since the last batch (and in the first one). */
  health?: ConnectionHealth;
  /** Newest server `ts` among the tickers and trades in the batch, 0 if none (tick-to-paint). */
  newestTs: number;
}

export type TabToHost = { t: 'credit'; at?: number } | { t: 'ping' };

/**
 * The tab asks for its batch this long before its next frame is due: time for the batch to cross to the tab
 * and wait for the frame's rAF callback, which applies it.
 */
export const CREDIT_LEAD_MS = 4;
/** Frame period assumed until the tab measured its own (60 Hz), and the range a measurement may take. */
export const FRAME_PERIOD_MS = 1000 / 60;
export const FRAME_PERIOD_MIN_MS = 6;
export const FRAME_PERIOD_MAX_MS = 50;

/**
 * PERF-78: a tab that granted a credit this recently is painting (a hidden tab grants none, WORK-6); while at least
 * CROWD_TABS tabs are, each timed credit holds its batch one frame more, so each tab gets data every second frame.
 */
export const VISIBLE_CREDIT_MS = 500;
export const CROWD_TABS = 3;

export const TAB_LOCK_PREFIX = 'openex-tab-';
export function tabLockName(tabId: string): string {
  return TAB_LOCK_PREFIX + tabId;
}

/** How often the worker samples the engine's health (it changes with time: "delayed" is an age). */
export const HEALTH_POLL_MS = 500;
/** Tabs without Web Locks ping this often; a tab silent for TAB_PING_TIMEOUT_MS is released.
 *  The timeout is long because Chrome throttles timers of hidden tabs to once a minute. */
export const TAB_PING_MS = 10_000;
export const TAB_PING_TIMEOUT_MS = 150_000;
/** With no tab left, the worker disposes the engine (closing the socket) after this long. A SharedWorker is
 *  usually terminated by the browser first; this covers a worker that stays up. */
export const IDLE_DISPOSE_MS = 5_000;
