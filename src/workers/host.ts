/**
 * The market host: ONE engine for every tab connected to this worker (WORK-1).
 *
 * - Tab interest is reference-counted per topic, per tab and across tabs; the engine sees one acquire per
 *   topic while any tab watches it (and its own registry adds the server-side grace period).
 * - Each tab has a credit (see wire.ts). Engine changes mark the tab's watched keys dirty; a tab holding a
 *   credit gets one batch with everything dirty, built on a microtask so the keys of frames handled in the
 *   same task coalesce, and loses the credit until it grants the next one. A credit with a send time (`at`,
 *   the tab's next frame less a lead) holds the batch until then, so it carries the newest data that can
 *   still make that frame.
 * - A tab that goes away (lock released, bye, ping timeout) releases everything it held.
 * No DOM or worker globals here: the environment comes in through {@link HostDeps}.
 */
import { CONNECTION_KEY, IDLE_DIAGNOSTICS } from '../engine';
import { topicKey, type Clock, type MarketEngine, type TimerHandle, type Timers, type Topic } from '../engine';
import type { ConnectionHealth, Diagnostics } from '../engine';
import type { KlineInterval } from '../shared/protocol';
import { sameBases, resolveBases, type Bases, type Endpoints } from './bases';
import { buildBatch } from './batch';
import { Interest } from './interest';
import {
  CROWD_TABS,
  FRAME_PERIOD_MAX_MS,
  FRAME_PERIOD_MS,
  HEALTH_POLL_MS,
  IDLE_DISPOSE_MS,
  TAB_PING_TIMEOUT_MS,
  VISIBLE_CREDIT_MS,
  type Batch,
  type TabStats,
} from './wire';
import { RefCounter } from '../shared/refCounter';
import type { TestPlatform } from '../shared/testPlatform';

export interface BatchSink {
  send(batch: Batch, transfer: ArrayBuffer[]): void;
}

export interface HostDeps {
  createEngine(bases: Bases): MarketEngine;
  /** The worker's own location (same origin as its pages). */
  location: { protocol: string; host: string };
  clock: Clock;
  timers: Timers;
  /** Runs fn soon, after the current task's synchronous work (queueMicrotask in the worker). */
  schedule(fn: () => void): void;
  mode: Diagnostics['mode'];
  log?: (event: string, data?: Record<string, unknown>) => void;
}

export interface HostSession {
  readonly tabId: string;
  watch(topic: Topic): void;
  unwatch(topic: Topic): void;
  /**
   * The tab applied its last batch and may receive the next one; with `at` (epoch ms, the host clock), not
   * before then: data that arrives in the meantime joins the same batch.
   */
  credit(at?: number): void;
  ping(): void;
  /** Older history for a series this tab watches (0 when it does not watch it). */
  loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number>;
  setTestPlatform(tp: TestPlatform | null): void;
  /** LIVE-1: the session token for the private streams (one for the worker: the tabs share a session). */
  setAccountToken(token: string | null): void;
  /** BUS-8: the socket ticket for the private streams where the server offers them (one for the worker). */
  setStreamTicket(ticket: string | null): void;
  stats(): TabStats;
  /** Releases everything the tab held; idempotent. */
  close(): void;
  readonly closed: boolean;
}

export interface SessionOptions {
  holdsLock: boolean;
  testPlatform: TestPlatform | null;
  /**
   * DEPLOY-3: the API base and socket URLs of the tab's config.json (absent: the page's origin). One engine serves
   * every tab of the origin, so the last tab to say wins; tabs of one deployment say the same and nothing restarts.
   */
  endpoints?: Endpoints | null;
}

export interface MarketHost {
  openSession(tabId: string, sink: BatchSink, opts: SessionOptions): HostSession;
  diagnostics(): Diagnostics;
  /** The current engine, if one runs (tests). */
  engine(): MarketEngine | undefined;
}

interface Session {
  api: HostSession;
  tabId: string;
  sink: BatchSink;
  /** Watches per topic key (a tab may watch one topic from several places). */
  topics: RefCounter;
  topicByKey: Map<string, Topic>;
  dirty: Set<string>;
  /** Version of each kline series and depth view the tab holds (batch.ts). */
  klineVersions: Map<string, number>;
  credit: boolean;
  /** Epoch ms before which the batch is held (0: send at once). */
  sendAt: number;
  holdTimer: TimerHandle | undefined;
  flushScheduled: boolean;
  healthSent: ConnectionHealth | undefined;
  batchesSent: number;
  holdsLock: boolean;
  lastPing: number;
  /** When the tab last granted a credit (PERF-78: it is painting). */
  lastCredit: number;
  closed: boolean;
}

export function createMarketHost(deps: HostDeps): MarketHost {
  const sessions = new Set<Session>();
  /** Sessions watching each key. */
  const index = new Map<string, Set<Session>>();
  const interest = new Interest();
  let engine: MarketEngine | undefined;
  let bases: Bases | undefined;
  let endpoints: Endpoints | null = null;
  let offChange: (() => void) | undefined;
  let health: ConnectionHealth = 'connecting';
  let pollTimer: TimerHandle | undefined;
  let idleTimer: TimerHandle | undefined;
  /** LIVE-1: outlives engines (a new engine after idle disposal or a base change gets it too). */
  let accountToken: string | null = null;
  let streamTicket: string | null = null;

  function startEngine(b: Bases): void {
    stopEngine();
    bases = b;
    engine = deps.createEngine(b);
    offChange = engine.onChange(onEngineChange);
    if (streamTicket !== null) engine.setStreamTicket(streamTicket);
    if (accountToken !== null) engine.setAccountToken(accountToken);
    interest.attach(engine);
    health = engine.diagnostics().health;
    for (const s of sessions) {
      s.klineVersions.clear();
      for (const k of s.topics.keys()) s.dirty.add(k);
      requestFlush(s);
    }
  }

  function stopEngine(): void {
    if (!engine) return;
    interest.detach();
    offChange?.();
    offChange = undefined;
    engine.dispose();
    engine = undefined;
    bases = undefined;
  }

  function useBases(tp: TestPlatform | null): void {
    const b = resolveBases(deps.location, tp, endpoints);
    if (engine && sameBases(b, bases)) return;
    try {
      startEngine(b);
    } catch (err) {
      // The tab stays connected with health 'connecting'; the next hello or platform change retries.
      stopEngine();
      deps.log?.('engine_start_failed', { message: String((err as Error)?.message ?? err) });
    }
  }

  function onEngineChange(keys: ReadonlySet<string>): void {
    if (keys.has(CONNECTION_KEY)) checkHealth();
    for (const key of keys) {
      const set = index.get(key);
      if (!set) continue;
      for (const s of set) {
        s.dirty.add(key);
        requestFlush(s);
      }
    }
  }

  /** PERF-78: the tabs that granted a credit within VISIBLE_CREDIT_MS (hidden tabs grant none). */
  function paintingTabs(now: number): number {
    let n = 0;
    for (const t of sessions) if (!t.closed && now - t.lastCredit <= VISIBLE_CREDIT_MS) n++;
    return n;
  }

  function requestFlush(s: Session): void {
    if (s.closed || !s.credit || s.flushScheduled) return;
    if (s.dirty.size === 0 && s.healthSent === health) return;
    s.flushScheduled = true;
    const wait = s.sendAt - deps.clock.now();
    if (wait >= 1) {
      s.holdTimer = deps.timers.setTimeout(() => {
        s.holdTimer = undefined;
        s.sendAt = 0;
        flush(s);
      }, wait);
      return;
    }
    deps.schedule(() => flush(s));
  }

  function flush(s: Session): void {
    s.flushScheduled = false;
    if (s.closed || !s.credit || !engine) return;
    const built = buildBatch(engine, s.dirty, s.topicByKey, s.klineVersions, s.batchesSent + 1);
    s.dirty.clear();
    const healthChanged = s.healthSent !== health;
    if (built.items === 0 && !healthChanged) return;
    if (healthChanged) built.batch.health = health;
    s.healthSent = health;
    s.credit = false;
    s.batchesSent++;
    s.sink.send(built.batch, built.transfer);
  }

  function checkHealth(): void {
    const h = engine ? engine.diagnostics().health : 'connecting';
    if (h === health) return;
    health = h;
    for (const s of sessions) requestFlush(s);
  }

  function poll(): void {
    pollTimer = undefined;
    checkHealth();
    const now = deps.clock.now();
    for (const s of [...sessions]) if (!s.holdsLock && now - s.lastPing > TAB_PING_TIMEOUT_MS) s.api.close();
    if (sessions.size > 0) pollTimer = deps.timers.setTimeout(poll, HEALTH_POLL_MS);
  }

  function onSessionsChanged(): void {
    if (sessions.size > 0) {
      if (idleTimer !== undefined) deps.timers.clearTimeout(idleTimer);
      idleTimer = undefined;
      if (pollTimer === undefined) pollTimer = deps.timers.setTimeout(poll, HEALTH_POLL_MS);
      return;
    }
    if (pollTimer !== undefined) deps.timers.clearTimeout(pollTimer);
    pollTimer = undefined;
    if (idleTimer === undefined) {
      idleTimer = deps.timers.setTimeout(() => {
        idleTimer = undefined;
        if (sessions.size === 0) stopEngine();
      }, IDLE_DISPOSE_MS);
    }
  }

  function openSession(tabId: string, sink: BatchSink, opts: SessionOptions): HostSession {
    const s: Session = {
      api: undefined as unknown as HostSession,
      tabId,
      sink,
      topics: new RefCounter(),
      topicByKey: new Map(),
      dirty: new Set(),
      klineVersions: new Map(),
      credit: false,
      sendAt: 0,
      holdTimer: undefined,
      flushScheduled: false,
      healthSent: undefined,
      batchesSent: 0,
      holdsLock: opts.holdsLock,
      lastPing: deps.clock.now(),
      lastCredit: -Infinity,
      closed: false,
    };
    s.api = {
      tabId,
      get closed() {
        return s.closed;
      },
      watch(topic) {
        if (s.closed) return;
        const key = topicKey(topic);
        if (!s.topics.add(key)) return;
        s.topicByKey.set(key, topic);
        let set = index.get(key);
        if (!set) index.set(key, (set = new Set()));
        set.add(s);
        interest.add(topic, key);
        s.dirty.add(key);
        requestFlush(s);
      },
      unwatch(topic) {
        if (s.closed) return;
        const key = topicKey(topic);
        if (s.topics.remove(key)) dropKey(s, key);
      },
      credit(at) {
        const now = deps.clock.now();
        s.lastPing = now;
        if (s.closed) return;
        s.credit = true;
        s.lastCredit = now;
        // PERF-78: among a crowd of painting tabs, the frame after the one the tab named.
        const extra = paintingTabs(now) >= CROWD_TABS ? FRAME_PERIOD_MS : 0;
        // A time too far ahead is a confused tab clock: never hold a batch longer than a slow frame.
        s.sendAt = at !== undefined && Number.isFinite(at) ? Math.min(at + extra, now + FRAME_PERIOD_MAX_MS) : 0;
        requestFlush(s);
      },
      ping() {
        s.lastPing = deps.clock.now();
      },
      loadOlderKlines(symbol, interval) {
        const key = topicKey({ kind: 'klines', symbol, interval });
        if (s.closed || !engine || !s.topics.has(key)) return Promise.resolve(0);
        return engine.loadOlderKlines(symbol, interval);
      },
      setTestPlatform(tp) {
        if (!s.closed) useBases(tp);
      },
      setAccountToken(token) {
        if (s.closed || token === accountToken) return;
        accountToken = token;
        engine?.setAccountToken(token);
      },
      setStreamTicket(ticket) {
        if (s.closed || ticket === streamTicket) return;
        streamTicket = ticket;
        engine?.setStreamTicket(ticket);
      },
      stats() {
        return {
          tabId,
          topics: [...s.topics.keys()],
          batchesSent: s.batchesSent,
          credit: s.credit,
          pending: s.dirty.size,
        };
      },
      close() {
        if (s.closed) return;
        for (const key of [...s.topics.keys()]) dropKey(s, key);
        s.closed = true;
        s.credit = false;
        if (s.holdTimer !== undefined) deps.timers.clearTimeout(s.holdTimer);
        s.holdTimer = undefined;
        sessions.delete(s);
        onSessionsChanged();
      },
    };
    sessions.add(s);
    if (opts.endpoints !== undefined) endpoints = opts.endpoints;
    useBases(opts.testPlatform);
    onSessionsChanged();
    return s.api;
  }

  function dropKey(s: Session, key: string): void {
    s.topics.delete(key);
    s.topicByKey.delete(key);
    s.dirty.delete(key);
    s.klineVersions.delete(key);
    const set = index.get(key);
    set?.delete(s);
    if (set && set.size === 0) index.delete(key);
    interest.remove(key);
  }

  return {
    openSession,
    diagnostics() {
      const d = engine ? engine.diagnostics() : IDLE_DIAGNOSTICS;
      return { ...d, subscriptions: [...d.subscriptions], tabsConnected: sessions.size, mode: deps.mode };
    },
    engine: () => engine,
  };
}
