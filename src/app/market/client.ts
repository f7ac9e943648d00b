/**
 * The tab side of the market worker (WORK-1, WORK-3 to WORK-6), framework-free:
 * - watch(topic) reference-counts the tab's interest; the worker hears the first watch and, after a short
 *   grace (so a route change does not churn), the last unwatch;
 * - batches from the worker are applied to the store in a requestAnimationFrame callback, which then grants
 *   the worker the next credit: at most one batch per frame, and nothing while the tab is hidden. The credit
 *   names when the next frame is due (less CREDIT_LEAD_MS), so the worker sends the newest data just in time
 *   for it (WORK-7);
 * - the tab holds a Web Lock for its whole life, so the worker releases its topics when it closes or crashes.
 * Parts: watchSet.ts (the reference-counted topics), frameLoop.ts (frames and credits), clientEnv.ts.
 * The browser comes in through {@link ClientEnv} (tabEnv.ts) so tests drive it with fakes.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { Diagnostics, Topic } from '../../engine';
import type { KlineInterval } from '../../shared/protocol';
import { TAB_PING_MS, tabLockName, type Batch, type HostTabApi, type TabStats } from '../../workers/wire';
import type { TestPlatform } from '../../shared/testPlatform';
import type { ClientEnv } from './clientEnv';
import type { WorkerHandle } from './connect';
import { FrameLoop } from './frameLoop';
import { MarketStore } from './store';
import { WatchSet } from './watchSet';

/** A topic released by every hook of the tab stays watched this long, so route changes do not churn. */
export const UNWATCH_GRACE_MS = 1_500;
/** After the worker failed, wait this long before starting a new one. */
export const RESTART_DELAY_MS = 1_000;
/**
 * While visible, the tab asks the worker for its stats this often; no answer within WORKER_REPLY_TIMEOUT_MS
 * (the worker crashed or hangs: ports fire no close event) or an unknown session (the worker released the tab)
 * starts a new connection, so prices never freeze silently.
 */
export const WORKER_CHECK_MS = 5_000;
export const WORKER_REPLY_TIMEOUT_MS = 5_000;
/** loadOlderKlines gives up (resolves 0) after this long: the worker's HTTP timeout (10 s) and some. */
export const OLDER_KLINES_TIMEOUT_MS = 15_000;
export interface ClientStats {
  mode: Diagnostics['mode'] | undefined;
  /** Batches applied by this tab. */
  batches: number;
  /** Frames (rAF callbacks) in which a batch was applied; equals `batches` unless batches queued up. */
  frames: number;
  /** The last TICK_SAMPLES (frameLoop.ts) tick-to-paint samples in ms, oldest first. */
  tickToPaintMs: number[];
}

export interface MarketClient {
  readonly store: MarketStore;
  /** Starts the worker connection if it is not running (watch and diagnostics do this too). */
  start(): void;
  /** Watches a topic; the returned function releases it (idempotent). */
  watch(topic: Topic): () => void;
  diagnostics(): Promise<Diagnostics>;
  tabStats(): Promise<TabStats | undefined>;
  setTestPlatform(tp: TestPlatform | null): void;
  /** LIVE-1: the session token for the account streams (null: signed out); sent again to a restarted worker. */
  setAccountToken(token: string | null): void;
  /** BUS-8: the socket ticket for the private streams where the server offers tickets; sent before the token. */
  setStreamTicket(ticket: string | null): void;
  stats(): ClientStats;
  /** Topic keys this tab watches (including those in their grace period). */
  watching(): string[];
  /**
   * Asks the worker for older candles of a series this tab watches (a chart scrolled to its left edge).
   * Resolves with how many were added: 0 when there is nothing older, the series is full, or no worker runs.
   * Rejects when the request failed or no answer came in time (worth asking again later).
   */
  loadOlderKlines(symbol: string, interval: KlineInterval): Promise<number>;
}

const noop = () => undefined;

export function createMarketClient(env: ClientEnv): MarketClient {
  const store = new MarketStore();
  const watched = new WatchSet({
    graceMs: UNWATCH_GRACE_MS,
    setTimeout: (fn, ms) => env.setTimeout(fn, ms),
    clearTimeout: (h) => env.clearTimeout(h),
    onFirst: (topic) => {
      api?.watch(topic).catch(noop);
      ensureStarted().catch(noop);
    },
    onLast: (topic, key) => {
      api?.unwatch(topic).catch(noop);
      store.drop(key);
    },
  });
  let api: Remote<HostTabApi> | undefined;
  let handle: WorkerHandle | undefined;
  let port: MessagePort | undefined;
  let starting: Promise<void> | undefined;
  let gen = 0;
  let mode: Diagnostics['mode'] | undefined;
  /** undefined until the app said (the worker keeps its own until told). */
  let accountToken: string | null | undefined;
  let streamTicket: string | null = null;
  let pingTimer: unknown;
  let releaseLock: (() => void) | undefined;
  const loop = new FrameLoop({ env, store, isWatched: (key) => watched.has(key), port: () => port });

  function ensureStarted(): Promise<void> {
    starting ??= start().catch((err) => {
      restart(gen);
      throw err;
    });
    return starting;
  }

  async function start(): Promise<void> {
    const myGen = ++gen;
    const tabId = env.newId();
    const release = await env.holdLock(tabLockName(tabId));
    if (myGen !== gen) return release?.();
    releaseLock = release;
    const holdsLock = !!release;
    const h = env.openWorker();
    handle = h;
    h.onError(() => restart(myGen));
    const remote = wrap<HostTabApi>(h.endpoint);
    const ch = new MessageChannel();
    ch.port1.onmessage = (ev: MessageEvent<Batch>) => {
      if (myGen === gen) loop.onBatch(ev.data);
    };
    const reply = await remote.hello(
      transfer(
        {
          tabId,
          batchPort: ch.port2,
          holdsLock,
          testPlatform: env.readTestPlatform(),
          endpoints: env.readEndpoints?.() ?? null,
        },
        [ch.port2],
      ),
    );
    if (myGen !== gen) return;
    api = remote;
    port = ch.port1;
    mode = reply.mode;
    if (streamTicket !== null) remote.setStreamTicket(streamTicket).catch(noop);
    if (accountToken !== undefined) remote.setAccountToken(accountToken).catch(noop);
    for (const topic of watched.topics()) remote.watch(topic).catch(noop);
    if (!holdsLock) schedulePing(myGen);
    scheduleCheck(myGen, remote);
    loop.connected();
  }

  function scheduleCheck(myGen: number, remote: Remote<HostTabApi>): void {
    env.setTimeout(() => {
      if (myGen !== gen) return;
      if (env.isHidden()) return scheduleCheck(myGen, remote);
      let settled = false;
      const verdict = (ok: boolean) => {
        if (settled || myGen !== gen) return;
        settled = true;
        if (ok) return scheduleCheck(myGen, remote);
        store.setHealth('reconnecting');
        restart(myGen);
      };
      env.setTimeout(() => verdict(false), WORKER_REPLY_TIMEOUT_MS);
      remote.tabStats().then(
        (st) => verdict(!!st),
        () => verdict(false),
      );
    }, WORKER_CHECK_MS);
  }

  function schedulePing(myGen: number): void {
    pingTimer = env.setTimeout(() => {
      if (myGen !== gen) return;
      port?.postMessage({ t: 'ping' });
      schedulePing(myGen);
    }, TAB_PING_MS);
  }

  function restart(failedGen: number): void {
    if (failedGen !== gen) return;
    gen++;
    // Best effort: a hung worker that recovers releases the old session (bye, or its lock request is granted).
    api?.bye().catch(noop);
    releaseLock?.();
    releaseLock = undefined;
    api = undefined;
    port = undefined;
    handle?.close();
    handle = undefined;
    if (pingTimer !== undefined) env.clearTimeout(pingTimer);
    loop.dropPending();
    store.resetSeries();
    starting = undefined;
    env.setTimeout(() => {
      if (!starting) ensureStarted().catch(noop);
    }, RESTART_DELAY_MS);
  }

  env.onVisible(() => {
    if (port) loop.schedule();
  });
  env.onPageHide(() => {
    api?.bye().catch(noop);
  });

  return {
    store,
    watch: (topic) => watched.watch(topic),
    start() {
      ensureStarted().catch(noop);
    },
    async diagnostics() {
      await ensureStarted();
      return api!.diagnostics();
    },
    async tabStats() {
      await ensureStarted();
      return api!.tabStats();
    },
    setTestPlatform(tp) {
      api?.setTestPlatform(tp).catch(noop);
    },
    setAccountToken(token) {
      if (token === accountToken) return;
      accountToken = token;
      api?.setAccountToken(token).catch(noop);
    },
    setStreamTicket(ticket) {
      if (ticket === streamTicket) return;
      streamTicket = ticket;
      api?.setStreamTicket(ticket).catch(noop);
    },
    stats: () => ({ mode, ...loop.stats() }),
    watching: () => watched.keys(),
    loadOlderKlines(symbol, interval) {
      const remote = api;
      if (!remote) return Promise.resolve(0);
      return new Promise<number>((resolve, reject) => {
        // A worker that died with the call in flight never answers: give up after the HTTP timeout and some.
        const timer = env.setTimeout(
          () => reject(new Error('older klines: no answer from the market worker')),
          OLDER_KLINES_TIMEOUT_MS,
        );
        remote.loadOlderKlines(symbol, interval).then(
          (n) => {
            env.clearTimeout(timer);
            resolve(typeof n === 'number' && n > 0 ? n : 0);
          },
          (err: unknown) => {
            env.clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      });
    },
  };
}
