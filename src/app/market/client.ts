/**
 * The tab side of the market worker (issue 3, parts 2-3), framework-free:
 * - watch(topic) reference-counts the tab's interest; the worker hears the first watch and, after a short
 *   grace (so a route change does not churn), the last unwatch;
 * - batches from the worker are applied to the store in a requestAnimationFrame callback, which then grants
 *   the worker the next credit: at most one batch per frame, and nothing while the tab is hidden. The credit
 *   names when the next frame is due (less CREDIT_LEAD_MS), so the worker sends the newest data just in time
 *   for it (issue 6, B4);
 * - the tab holds a Web Lock for its whole life, so the worker releases its topics when it closes or crashes.
 * The browser comes in through {@link ClientEnv} (tabEnv.ts) so tests drive it with fakes.
 */
import { transfer, wrap, type Remote } from 'comlink';
import { topicKey, type Topic } from '../../engine/types';
import type { Diagnostics } from '../../engine/views';
import type { KlineInterval } from '../../shared/protocol';
import { CREDIT_LEAD_MS, FRAME_PERIOD_MAX_MS, FRAME_PERIOD_MIN_MS, FRAME_PERIOD_MS, TAB_PING_MS, tabLockName, type Batch, type HostTabApi, type TabStats, type TestPlatform } from '../../workers/wire';
import type { WorkerHandle } from './connect';
import { MarketStore } from './store';

export interface ClientEnv {
  openWorker(): WorkerHandle;
  /** requestAnimationFrame; the callback gets the frame's time as epoch ms (timeOrigin + rAF timestamp). */
  requestFrame(cb: (frameTime: number) => void): void;
  isHidden(): boolean;
  onVisible(cb: () => void): void;
  onPageHide(cb: () => void): void;
  /**
   * Takes the lock for the rest of the tab's life (or until the returned release is called); resolves once
   * held, with undefined where Web Locks do not exist.
   */
  holdLock(name: string): Promise<(() => void) | undefined>;
  newId(): string;
  readTestPlatform(): TestPlatform | null;
  /** Epoch ms with sub-ms precision (performance.timeOrigin + performance.now()). */
  paintNow(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

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
/** Tick-to-paint samples kept (ring). */
export const TICK_SAMPLES = 512;

export interface ClientStats {
  mode: Diagnostics['mode'] | undefined;
  /** Batches applied by this tab. */
  batches: number;
  /** Frames (rAF callbacks) in which a batch was applied; equals `batches` unless batches queued up. */
  frames: number;
  /** The last TICK_SAMPLES tick-to-paint samples in ms, oldest first. */
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

interface Watched {
  topic: Topic;
  count: number;
  timer: unknown;
}

const noop = () => undefined;

export function createMarketClient(env: ClientEnv): MarketClient {
  const store = new MarketStore();
  const watched = new Map<string, Watched>();
  let api: Remote<HostTabApi> | undefined;
  let handle: WorkerHandle | undefined;
  let port: MessagePort | undefined;
  let starting: Promise<void> | undefined;
  let gen = 0;
  let mode: Diagnostics['mode'] | undefined;
  let pending: Batch[] = [];
  let frameScheduled = false;
  let creditOut = false;
  /** The display's frame period as measured from consecutive rAF times, and the last frame's time. */
  let period = FRAME_PERIOD_MS;
  let lastFrameTime = 0;
  let pingTimer: unknown;
  let releaseLock: (() => void) | undefined;
  let batches = 0;
  let frames = 0;
  const samples = new Float64Array(TICK_SAMPLES);
  let sampleCount = 0;

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
      if (myGen === gen) onBatch(ev.data);
    };
    const reply = await remote.hello(transfer({ tabId, batchPort: ch.port2, holdsLock, testPlatform: env.readTestPlatform() }, [ch.port2]));
    if (myGen !== gen) return;
    api = remote;
    port = ch.port1;
    mode = reply.mode;
    creditOut = false;
    for (const w of watched.values()) remote.watch(w.topic).catch(noop);
    if (!holdsLock) schedulePing(myGen);
    scheduleCheck(myGen, remote);
    scheduleFrame();
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
    pending = [];
    store.resetSeries();
    starting = undefined;
    env.setTimeout(() => {
      if (!starting) ensureStarted().catch(noop);
    }, RESTART_DELAY_MS);
  }

  const isWatched = (key: string): boolean => watched.has(key);

  function onBatch(b: Batch): void {
    pending.push(b);
    creditOut = false;
    scheduleFrame();
  }

  function scheduleFrame(): void {
    if (frameScheduled) return;
    frameScheduled = true;
    env.requestFrame(frame);
  }

  /** The rAF callback: apply what arrived, then grant the next credit (only while visible). */
  function frame(frameTime: number): void {
    frameScheduled = false;
    const gap = frameTime - lastFrameTime;
    // Consecutive frames only (an idle tab skips frames); a smoothed estimate within sane bounds.
    if (gap > period * 0.5 && gap < period * 1.5) period = Math.min(FRAME_PERIOD_MAX_MS, Math.max(FRAME_PERIOD_MIN_MS, period * 0.9 + gap * 0.1));
    lastFrameTime = frameTime;
    if (pending.length > 0) {
      const list = pending;
      pending = [];
      let newest = 0;
      for (const b of list) if (b.newestTs > newest) newest = b.newestTs;
      // The browser benchmark (bench/browser) measures tick-to-paint from this hand-over; absent in the product.
      if (newest > 0) benchProbe()?.delivered(newest);
      for (const b of list) {
        store.apply(b, isWatched, frameTime);
        batches++;
      }
      frames++;
      if (newest > 0) samples[sampleCount++ % TICK_SAMPLES] = env.paintNow() - newest;
    } else {
      // apply() tells the cadenced listeners that are due; on a frame without a batch, this does.
      store.flushDue(frameTime);
    }
    // Cadenced listeners (list rows) hear about changes on a later frame: keep frames coming until they have.
    if (store.hasDue()) scheduleFrame();
    if (port && !creditOut && !env.isHidden()) {
      creditOut = true;
      port.postMessage({ t: 'credit', at: frameTime + period - CREDIT_LEAD_MS });
    }
  }

  env.onVisible(() => {
    if (port) scheduleFrame();
  });
  env.onPageHide(() => {
    api?.bye().catch(noop);
  });

  function watch(topic: Topic): () => void {
    const key = topicKey(topic);
    let w = watched.get(key);
    if (w) {
      if (w.timer !== undefined) env.clearTimeout(w.timer);
      w.timer = undefined;
      w.count++;
    } else {
      w = { topic, count: 1, timer: undefined };
      watched.set(key, w);
      api?.watch(topic).catch(noop);
      ensureStarted().catch(noop);
    }
    const entry = w;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--entry.count > 0) return;
      entry.timer = env.setTimeout(() => {
        entry.timer = undefined;
        if (entry.count > 0 || watched.get(key) !== entry) return;
        watched.delete(key);
        api?.unwatch(entry.topic).catch(noop);
        store.drop(key);
      }, UNWATCH_GRACE_MS);
    };
  }

  return {
    store,
    watch,
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
    stats() {
      const n = Math.min(sampleCount, TICK_SAMPLES);
      const out: number[] = [];
      for (let i = sampleCount - n; i < sampleCount; i++) out.push(samples[i % TICK_SAMPLES]);
      return { mode, batches, frames, tickToPaintMs: out };
    },
    watching: () => [...watched.keys()],
    loadOlderKlines(symbol, interval) {
      const remote = api;
      if (!remote) return Promise.resolve(0);
      return new Promise<number>((resolve, reject) => {
        // A worker that died with the call in flight never answers: give up after the HTTP timeout and some.
        const timer = env.setTimeout(() => reject(new Error('older klines: no answer from the market worker')), OLDER_KLINES_TIMEOUT_MS);
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

function benchProbe(): { delivered(ts: number): void } | undefined {
  return (globalThis as { __benchProbe?: { delivered(ts: number): void } }).__benchProbe;
}
