/**
 * The tab-side client against the real host and Comlink wiring, over real MessageChannels (Node's), with a
 * fake engine, fake frames (rAF), fake Web Locks and fake time for the grace period.
 */
import { MessageChannel as NodeChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { TickerView } from '../../engine';
import { createMarketHost } from '../../workers/host';
import { serveTab, type LocksLike } from '../../workers/serveTab';
import { FakeEngine } from '../../workers/testing/fakeEngine';
import { FakeTime } from '../../engine/testing/fakeTime';
import { CREDIT_LEAD_MS, FRAME_PERIOD_MS, TAB_PING_MS, TAB_PING_TIMEOUT_MS } from '../../workers/wire';
import {
  createMarketClient,
  RESTART_DELAY_MS,
  UNWATCH_GRACE_MS,
  WORKER_CHECK_MS,
  WORKER_REPLY_TIMEOUT_MS,
} from './client';
import type { ClientEnv } from './clientEnv';
import type { WorkerHandle } from './connect';

/** Web Locks with tabs and a worker in one process: the tab holds a name until `kill`. */
class FakeLocks implements LocksLike {
  held = new Set<string>();
  waiting = new Map<string, (() => unknown)[]>();
  request(name: string, cb: () => unknown): Promise<unknown> {
    if (!this.held.has(name)) return Promise.resolve(cb());
    const list = this.waiting.get(name) ?? [];
    list.push(cb);
    this.waiting.set(name, list);
    return new Promise(() => undefined);
  }
  kill(name: string): void {
    this.held.delete(name);
    for (const cb of this.waiting.get(name) ?? []) cb();
    this.waiting.delete(name);
  }
}

const ports: { close(): void }[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

async function waitFor(cond: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (cond()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}

function world() {
  const time = new FakeTime(1_700_000_000_000);
  const locks = new FakeLocks();
  const engine = new FakeEngine();
  const host = createMarketHost({
    createEngine: () => engine,
    location: { protocol: 'http:', host: 'h' },
    clock: time,
    timers: time,
    schedule: (fn) => queueMicrotask(fn),
    mode: 'shared',
  });
  let ids = 0;
  const tab = (opts: { locks?: boolean } = {}) => {
    let dead = false;
    const workers: NodeChannel[] = [];
    const frames: ((frameTime: number) => void)[] = [];
    const visible: (() => void)[] = [];
    const hide: (() => void)[] = [];
    let hidden = false;
    let lockName = '';
    const env: ClientEnv = {
      openWorker(): WorkerHandle {
        const ch = new NodeChannel();
        workers.push(ch);
        ports.push(ch.port1, ch.port2);
        serveTab(host, ch.port2 as never, locks, 'shared');
        return { endpoint: ch.port1 as never, mode: 'shared', onError: () => undefined, close: () => ch.port1.close() };
      },
      requestFrame: (cb) => frames.push(cb),
      isHidden: () => hidden,
      onVisible: (cb) => visible.push(cb),
      onPageHide: (cb) => hide.push(cb),
      holdLock: async (name) => {
        if (opts.locks === false) return undefined;
        lockName = name;
        locks.held.add(name);
        return () => locks.kill(name);
      },
      newId: () => `t${++ids}`,
      readTestPlatform: () => null,
      paintNow: () => 5_000,
      setTimeout: (fn, ms) => time.setTimeout(() => dead || fn(), ms),
      clearTimeout: (h) => time.clearTimeout(h),
    };
    const client = createMarketClient(env);
    return {
      client,
      /**
       * Runs the pending animation frames. By default the frame started 20 ms ago, so the next one is due now
       * and the worker sends at once; pass the frame time to test frame-timed sending.
       */
      frame(frameTime = time.now() - 20) {
        for (const f of frames.splice(0)) f(frameTime);
      },
      framesPending: () => frames.length,
      setHidden(h: boolean) {
        hidden = h;
        if (!h) visible.forEach((f) => f());
      },
      pagehide: () => hide.forEach((f) => f()),
      kill: () => locks.kill(lockName),
      /** The worker stops answering on its RPC port (crashed or hung). */
      hang: () => workers[workers.length - 1].port2.close(),
      opened: () => workers.length,
      /** The tab's timers stop (as if it crashed without Web Locks). */
      die: () => {
        dead = true;
      },
    };
  };
  return { time, engine, host, tab };
}

const BTC = { kind: 'ticker', symbol: 'btcusdt' } as const;
const price = (t: ReturnType<ReturnType<typeof world>['tab']>) =>
  (t.client.store.get('ticker:btcusdt') as TickerView | undefined)?.price;

describe('tab client over the worker host [WORK-1]', () => {
  it('[WORK-4] a tab applies at most one batch per animation frame and grants the next credit from the frame', async () => {
    const { engine, host, tab } = world();
    const a = tab();
    a.client.watch(BTC);
    await waitFor(() => host.diagnostics().tabsConnected === 1 && a.framesPending() === 1, 'hello');
    a.frame(); // first credit
    engine.setTicker('btcusdt', '1.00', 100);
    await waitFor(() => a.framesPending() === 1, 'first batch');
    expect(price(a)).toBeUndefined(); // not applied before the frame
    engine.setTicker('btcusdt', '2.00', 200); // no credit now: waits in the worker
    a.frame();
    expect(price(a)).toBe('1.00');
    expect(a.client.stats().batches).toBe(1);
    expect(a.client.stats().tickToPaintMs).toEqual([5_000 - 100]);
    await waitFor(() => a.framesPending() === 1, 'second batch');
    a.frame();
    expect(price(a)).toBe('2.00');
    expect(a.client.stats()).toMatchObject({ batches: 2, frames: 2, mode: 'shared' });
  });

  it('[WORK-7] the credit names the next frame less the lead: the worker holds the batch until then and sends the newest state', async () => {
    const { engine, host, tab, time } = world();
    const a = tab();
    a.client.watch(BTC);
    await waitFor(() => host.diagnostics().tabsConnected === 1 && a.framesPending() === 1, 'hello');
    a.frame(time.now()); // a frame starting now: the next is due in one period
    engine.setTicker('btcusdt', '1.00', 100);
    await new Promise((r) => setTimeout(r, 20));
    expect(a.framesPending()).toBe(0); // held in the worker
    engine.setTicker('btcusdt', '2.00', 200);
    time.advance(FRAME_PERIOD_MS - CREDIT_LEAD_MS - 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(a.framesPending()).toBe(0);
    time.advance(1);
    await waitFor(() => a.framesPending() === 1, 'batch at the send time');
    a.frame();
    expect(price(a)).toBe('2.00');
    expect((await a.client.tabStats())?.batchesSent).toBe(1);
  });

  it('[WORK-16] while a cadenced listener has a change to hear about, the tab keeps requesting frames and tells it on the next beat', async () => {
    const { engine, host, tab, time } = world();
    const a = tab();
    a.client.watch(BTC);
    let heard = 0;
    a.client.store.subscribe('ticker:btcusdt', () => heard++, 250);
    await waitFor(() => host.diagnostics().tabsConnected === 1 && a.framesPending() === 1, 'hello');
    a.frame(); // credit
    engine.setTicker('btcusdt', '1.00', 100);
    await waitFor(() => a.framesPending() === 1, 'first batch');
    a.frame();
    expect(heard).toBe(1);
    // The clock starts on a multiple of 250 ms (T) and a frame started 20 ms ago: it was told at T - 20.
    engine.setTicker('btcusdt', '2.00', 200);
    await waitFor(() => a.framesPending() === 1, 'second batch');
    time.advance(16);
    a.frame(); // T - 4: the beat it was told in
    expect(heard).toBe(1); // not yet due
    expect(a.framesPending()).toBe(1); // a frame is requested for it
    time.advance(4);
    a.frame(); // T: the next beat's first frame, with no batch
    expect(heard).toBe(2);
    expect(price(a)).toBe('2.00');
    engine.setTicker('btcusdt', '3.00', 300);
    await waitFor(() => a.framesPending() === 1, 'third batch');
    time.advance(229);
    a.frame(); // T + 229: still the beat it was told in
    expect(heard).toBe(2);
    expect(a.framesPending()).toBe(1);
    time.advance(21);
    a.frame(); // T + 250
    expect(heard).toBe(3);
    expect(price(a)).toBe('3.00');
  });

  it('[WORK-17] loadOlderKlines goes to the engine only for a series the tab watches', async () => {
    const { engine, host, tab } = world();
    const a = tab();
    a.client.watch({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    await waitFor(() => host.diagnostics().tabsConnected === 1 && engine.refs.has('klines:btcusdt:1m'), 'watched');
    engine.olderResult = 1_200;
    expect(await a.client.loadOlderKlines('btcusdt', '1m')).toBe(1_200);
    expect(await a.client.loadOlderKlines('ethusdt', '1m')).toBe(0);
    expect(engine.olderCalls).toEqual(['btcusdt/1m']);
    engine.olderResult = new Error('HTTP 503');
    await expect(a.client.loadOlderKlines('btcusdt', '1m')).rejects.toThrow(/503/); // a failure is not "nothing older"
  });

  it('[WORK-6] a hidden tab grants no credit and receives nothing; visible again, it gets the latest state at once', async () => {
    const { engine, host, tab } = world();
    const a = tab();
    a.client.watch(BTC);
    await waitFor(() => a.framesPending() === 1, 'hello');
    a.setHidden(true);
    a.frame(); // a frame while hidden: no credit granted
    for (let i = 1; i <= 20; i++) engine.setTicker('btcusdt', `${i}.00`, i);
    await new Promise((r) => setTimeout(r, 20));
    expect(a.framesPending()).toBe(0);
    expect((await a.client.tabStats())?.batchesSent).toBe(0);
    a.setHidden(false);
    a.frame(); // credit
    await waitFor(() => a.framesPending() === 1, 'batch after visible');
    a.frame();
    expect(price(a)).toBe('20.00');
    expect(a.client.stats().batches).toBe(1);
    expect(host.diagnostics().tabsConnected).toBe(1);
  });

  it('[WORK-3] topics are reference-counted in the tab and released after a grace period', async () => {
    const { engine, time, tab } = world();
    const a = tab();
    const off1 = a.client.watch(BTC);
    const off2 = a.client.watch(BTC);
    await waitFor(() => engine.refs.get('ticker:btcusdt') === 1, 'watched');
    off1();
    off2();
    off2();
    time.advance(UNWATCH_GRACE_MS - 1);
    const again = a.client.watch(BTC); // a route change re-watches within the grace: no churn
    time.advance(UNWATCH_GRACE_MS * 2);
    await new Promise((r) => setTimeout(r, 10));
    expect(engine.acquireCalls).toBe(1);
    expect(engine.refs.get('ticker:btcusdt')).toBe(1);
    again();
    time.advance(UNWATCH_GRACE_MS);
    await waitFor(() => !engine.refs.has('ticker:btcusdt'), 'released');
    expect(a.client.watching()).toEqual([]);
  });

  it('[WORK-1][WORK-9] three tabs share one engine; a killed tab (lock released) drops its interest, the others stay live', async () => {
    const { engine, host, tab } = world();
    const tabs = [tab(), tab(), tab()];
    for (const t of tabs) t.client.watch(BTC);
    await waitFor(
      () => host.diagnostics().tabsConnected === 3 && tabs.every((t) => t.framesPending() === 1),
      'three tabs',
    );
    expect(engine.acquireCalls).toBe(1);
    tabs[0].kill();
    tabs[1].pagehide();
    await waitFor(() => host.diagnostics().tabsConnected === 1, 'two gone');
    expect(engine.refs.get('ticker:btcusdt')).toBe(1);
    tabs[2].frame();
    engine.setTicker('btcusdt', '9.00', 9);
    await waitFor(() => tabs[2].framesPending() === 1, 'third still live');
    tabs[2].frame();
    expect(price(tabs[2])).toBe('9.00');
    tabs[2].kill();
    await waitFor(() => host.diagnostics().tabsConnected === 0, 'all gone');
    expect(engine.refs.size).toBe(0);
  });

  it('[WORK-14] diagnostics come from the worker', async () => {
    const { tab } = world();
    const a = tab();
    a.client.watch(BTC);
    const d = await a.client.diagnostics();
    expect(d).toMatchObject({ tabsConnected: 1, mode: 'shared', subscriptions: ['ticker:btcusdt'], health: 'live' });
  });

  it('[WORK-9] without Web Locks the tab pings; a tab whose pings stop is released', async () => {
    const { engine, host, time, tab } = world();
    const a = tab({ locks: false });
    a.client.watch(BTC);
    await waitFor(() => host.diagnostics().tabsConnected === 1 && engine.refs.get('ticker:btcusdt') === 1, 'hello');
    for (let t = 0; t < TAB_PING_TIMEOUT_MS * 2; t += 1_000) {
      time.advance(1_000);
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(host.diagnostics().tabsConnected).toBe(1);
    a.die();
    time.advance(TAB_PING_TIMEOUT_MS + TAB_PING_MS);
    expect(host.diagnostics().tabsConnected).toBe(0);
    expect(engine.refs.size).toBe(0);
  });

  it('[WORK-12] a worker that stops answering is replaced: health shows reconnecting, then data flows again', async () => {
    const { engine, host, time, tab } = world();
    const a = tab();
    a.client.watch(BTC);
    await waitFor(() => a.framesPending() === 1 && host.diagnostics().tabsConnected === 1, 'hello');
    a.frame();
    a.hang();
    time.advance(WORKER_CHECK_MS + WORKER_REPLY_TIMEOUT_MS);
    expect(a.client.store.health).toBe('reconnecting');
    time.advance(RESTART_DELAY_MS);
    await waitFor(() => a.opened() === 2 && a.framesPending() === 1, 'a new connection');
    expect(host.diagnostics().tabsConnected).toBe(1); // the old session went with its lock
    a.frame();
    engine.setTicker('btcusdt', '5.00', 5);
    await waitFor(() => a.framesPending() === 1, 'a batch through the new connection');
    a.frame();
    expect(price(a)).toBe('5.00');
    expect(a.client.store.health).toBe('live');
  });

  it('[WORK-12] a worker that answers keeps its connection', async () => {
    const { host, time, tab } = world();
    const a = tab();
    a.client.watch(BTC);
    await waitFor(() => host.diagnostics().tabsConnected === 1, 'hello');
    for (let i = 0; i < 10; i++) {
      time.advance(WORKER_CHECK_MS);
      // A round trip on the same port after the check's own: its reply is in when this one is.
      await a.client.tabStats();
    }
    expect(a.opened()).toBe(1);
  });
});
