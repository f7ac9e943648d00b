/**
 * The engine's environment and its facade. Everything the engine needs from the outside world comes in
 * through these small interfaces, so tests drive it with fake time and fake sockets.
 * Contract between the engine (src/engine) and its host (src/workers).
 */
import type { KlineInterval } from '../shared/protocol';
import type {
  AccountView,
  ConnectionHealth,
  DepthView,
  KlineView,
  MarkView,
  PositionsView,
  TickerView,
  TradesView,
} from './views';

export interface Clock {
  /** Wall-clock ms (Date.now()). */
  now(): number;
}

export type TimerHandle = unknown;
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The subset of the browser WebSocket the engine uses. readyState: 0 connecting, 1 open, 2 closing, 3 closed. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev?: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev?: unknown) => void) | null;
  onerror: ((ev?: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

/** GET a path relative to the API base (e.g. "/api/market/kline?..."), resolving to the parsed JSON body. */
export type HttpGet = (path: string) => Promise<unknown>;

export interface EngineDeps {
  clock: Clock;
  timers: Timers;
  openSocket: SocketFactory;
  httpGet: HttpGet;
  /** Uniform [0, 1), for reconnect jitter. */
  random: () => number;
  /** Random id for the socket path /ws/{id}. */
  newId: () => string;
  /**
   * Base of the socket URL without the id, e.g. "ws://localhost:8080/ws/", or several in order of preference
   * (DEPLOY-4: socket gateways; the connection moves to the next when one fails).
   */
  wsBase: string | readonly string[];
  log?: (event: string, data?: Record<string, unknown>) => void;
}

export type Topic =
  | { kind: 'ticker'; symbol: string }
  | { kind: 'klines'; symbol: string; interval: KlineInterval }
  | { kind: 'trades'; symbol: string }
  /**
   * The signed-in user's balances, deposit/withdrawal states and second-contract settlements (LIVE-1..3), once a
   * token is set.
   */
  | { kind: 'account' }
  /** The order book of a symbol grouped by its tick x `group` (BOOK-1), see depth.ts. */
  | DepthTopic
  /** A pair's mark price (MARK, LIVE-5; WORK-20), see positions.ts. */
  | { kind: 'mark'; symbol: string }
  /** The user's open futures positions valued at the latest marks (POSITION, LIVE-4; WORK-19), once a token is set. */
  | { kind: 'positions' };

/** Grouping multipliers of the pair's tick (BOOK-3, SIDE-3): 1, 2 or 5 x 10^k for k from 0 to 8. */
export const DEPTH_GROUPS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((k) =>
  [1, 2, 5].map((m) => m * 10 ** k),
);
/** A multiple of the tick from DEPTH_GROUPS. */
export type DepthGroup = number;

/**
 * The order book of `symbol` in groups of tick x `group`, where the tick is 10^-pricePrecision (the pair's
 * price precision, MATCH-10); amounts are shown with `amountPrecision` decimals.
 */
export interface DepthTopic {
  kind: 'depth';
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  group: DepthGroup;
}

/** The topics fed by one symbol's trades and 24 h statistics (the stores of symbolState.ts). */
export type MarketTopic = Exclude<
  Topic,
  { kind: 'account' } | { kind: 'depth' } | { kind: 'mark' } | { kind: 'positions' }
>;

export function topicKey(t: Topic): string {
  if (t.kind === 'account') return 'account';
  if (t.kind === 'positions') return 'positions';
  if (t.kind === 'depth') return `depth:${t.symbol}:${t.pricePrecision}:${t.amountPrecision}:${t.group}`;
  return t.kind === 'klines' ? `klines:${t.symbol}:${t.interval}` : `${t.kind}:${t.symbol}`;
}

/**
 * Candles changed since a version. `full` replaces everything the receiver holds (first delivery,
 * reseed after a gap or reconnect). Otherwise `rows` hold every candle with time >= rows.time[0]:
 * the receiver drops its candles from that time on, appends the rows, and trims the front to `capacity`.
 */
export interface KlinePatch {
  full: boolean;
  symbol: string;
  interval: KlineInterval;
  version: number;
  capacity: number;
  rows: Pick<KlineView, 'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'length'>;
  lastClose: string;
  priceDecimals: number;
}

export interface EngineDiagnostics {
  socketsOpen: number;
  subscriptions: string[];
  queueLength: number;
  queueOverflow: number;
  framesReceived: number;
  framesRejected: number;
  reconnects: number;
  gaps: number;
  lastMessageAgeMs: number | null;
  health: ConnectionHealth;
  /** serverNow - localNow (ms) estimated from the frames' ts (serverClock.ts, FX-6); null before the first frame. */
  serverClockOffsetMs: number | null;
  /** DEPTH frames (snapshots and deltas) applied to the books, and the price levels they carried (BOOK-8). */
  depthFramesApplied: number;
  depthLevelsApplied: number;
  /** Book resyncs from the REST snapshot (a depth sequence gap, a delta before any snapshot, a socket gap). */
  depthResyncs: number;
  /** POSITION rows dropped because they did not match the Position schema (WORK-19). */
  positionRowsRejected: number;
}

/** The figures while no engine runs (no tab has asked for anything yet, or the last one let go). */
export const IDLE_DIAGNOSTICS: EngineDiagnostics = {
  socketsOpen: 0,
  subscriptions: [],
  queueLength: 0,
  queueOverflow: 0,
  framesReceived: 0,
  framesRejected: 0,
  reconnects: 0,
  gaps: 0,
  lastMessageAgeMs: null,
  health: 'connecting',
  serverClockOffsetMs: null,
  depthFramesApplied: 0,
  depthLevelsApplied: 0,
  depthResyncs: 0,
  positionRowsRejected: 0,
};

/** What the worker reports (the debug panel): the engine's figures, and the tabs it serves and how. */
export interface Diagnostics extends EngineDiagnostics {
  tabsConnected: number;
  /** 'shared' when one SharedWorker serves all tabs, 'dedicated' for the per-tab fallback. */
  mode: 'shared' | 'dedicated';
}

export interface MarketEngine {
  /** Reference-counted interest in a topic; the returned function releases it (idempotent). */
  acquire(topic: Topic): () => void;
  /** Called synchronously after each inbound frame / reseed with the keys (topicKey) that changed. */
  onChange(listener: (keys: ReadonlySet<string>) => void): () => void;
  tickerView(symbol: string): TickerView | undefined;
  tradesView(symbol: string): TradesView | undefined;
  /** The whole series as columnar arrays. */
  klineView(symbol: string, interval: KlineInterval): KlineView | undefined;
  /**
   * The order book of a watched depth topic, grouped, at most 30 levels a side (BOOK-3); undefined when the
   * topic is not held. Built when asked, at most once per change of what it shows.
   */
  depthView(topic: DepthTopic): DepthView | undefined;
  /** What changed since `sinceVersion` (full when sinceVersion is 0 or too old). */
  klinePatch(symbol: string, interval: KlineInterval, sinceVersion: number): KlinePatch | undefined;
  /** The signed-in user's live account (the `account` topic). */
  accountView(): AccountView;
  /** The latest mark of a symbol whose MARK is held (a `mark` topic, or an open position while `positions` is watched). */
  markView(symbol: string): MarkView | undefined;
  /**
   * The open positions with their figures at the latest marks (the `positions` topic, WORK-19): rebuilt when asked
   * after a change (a POSITION frame, a mark that moved a price), the same object otherwise.
   */
  positionsView(): PositionsView;
  /**
   * The session token for the private streams (LIVE-1, LIVE-4), or null when signed out. Changing it clears the
   * account and the positions and subscribes again with the new token; `onChange` names `account` and `positions`.
   */
  setAccountToken(token: string | null): void;
  /**
   * BUS-8: the socket ticket to send instead of the token (where the server offers tickets), or null. A new one
   * subscribes the held private streams again with it; what is shown stays. Set before the token.
   */
  setStreamTicket(ticket: string | null): void;
  /**
   * Loads the page of candles before the oldest one held (min(2,000, capacity left), REST history with
   * endTime) into a watched, seeded series; resolves with the number added. 0 when the series is full,
   * not watched or not seeded, the server has nothing older, or a reseed came first. Calls while one is
   * on the way share it. On success the series' next version is a full klinePatch and onChange names its
   * key. Rejects (series unchanged) when the request fails or the reply is invalid. See olderKlines.ts.
   */
  loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number>;
  diagnostics(): EngineDiagnostics;
  dispose(): void;
}
