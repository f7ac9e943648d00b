import { describe, expect, it } from 'vitest';
import { createMarketHost, type BatchSink } from './host';
import { FakeEngine } from './testing/fakeEngine';
import { FakeTime } from '../engine/testing/fakeTime';
import { ManualQueue } from './testing/manualQueue';
import {
  CROWD_TABS,
  FRAME_PERIOD_MAX_MS,
  FRAME_PERIOD_MS,
  HEALTH_POLL_MS,
  IDLE_DISPOSE_MS,
  TAB_PING_TIMEOUT_MS,
  VISIBLE_CREDIT_MS,
  type Batch,
} from './wire';
import type { Bases, Endpoints } from './bases';

function setup() {
  const time = new FakeTime(1_700_000_000_000);
  const queue = new ManualQueue();
  const engines: FakeEngine[] = [];
  const host = createMarketHost({
    createEngine: (b: Bases) => {
      const e = new FakeEngine(b.wsBases.join(' '));
      engines.push(e);
      return e;
    },
    location: { protocol: 'http:', host: 'localhost:8080' },
    clock: time,
    timers: time,
    schedule: queue.schedule,
    mode: 'shared',
  });
  const tab = (id: string, holdsLock = true, endpoints?: Endpoints | null) => {
    const got: { batch: Batch; transfer: ArrayBuffer[] }[] = [];
    const sink: BatchSink = { send: (batch, transfer) => got.push({ batch, transfer }) };
    const s = host.openSession(id, sink, { holdsLock, testPlatform: null, endpoints });
    return { s, got, last: () => got[got.length - 1]?.batch };
  };
  return { time, queue, host, engines, engine: () => engines[engines.length - 1], tab };
}

const BTC = { kind: 'ticker', symbol: 'btcusdt' } as const;
const ETH = { kind: 'ticker', symbol: 'ethusdt' } as const;
const BTC_1M = { kind: 'klines', symbol: 'btcusdt', interval: '1m' } as const;

describe('market host: one engine for all tabs [WORK-1]', () => {
  it('[WORK-3][WORK-9] interest is reference-counted across tabs: one engine acquire per topic, released by the last tab', () => {
    const { tab, engine } = setup();
    const a = tab('a');
    const b = tab('b');
    a.s.watch(BTC);
    a.s.watch(BTC);
    b.s.watch(BTC);
    expect(engine().refs.get('ticker:btcusdt')).toBe(1);
    expect(engine().acquireCalls).toBe(1);
    a.s.unwatch(BTC);
    a.s.unwatch(BTC);
    expect(engine().refs.get('ticker:btcusdt')).toBe(1);
    b.s.unwatch(BTC);
    expect(engine().refs.has('ticker:btcusdt')).toBe(false);
  });

  it('[WORK-9] a closed tab releases everything it watched; other tabs keep theirs', () => {
    const { tab, engine, host } = setup();
    const a = tab('a');
    const b = tab('b');
    a.s.watch(BTC);
    a.s.watch(ETH);
    b.s.watch(BTC);
    a.s.close();
    expect([...engine().refs.keys()]).toEqual(['ticker:btcusdt']);
    expect(host.diagnostics().tabsConnected).toBe(1);
    a.s.close(); // idempotent
    expect(engine().refs.get('ticker:btcusdt')).toBe(1);
    b.s.close();
    expect(engine().refs.size).toBe(0);
  });

  it('[WORK-4][WORK-6] a tab receives nothing without a credit, then one batch with the latest state at once', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    a.s.watch(BTC);
    for (let i = 1; i <= 10; i++) engine().setTicker('btcusdt', `${100 + i}.00`, 1000 + i);
    queue.run();
    expect(a.got).toHaveLength(0); // hidden tab: never granted a credit
    a.s.credit();
    queue.run();
    expect(a.got).toHaveLength(1);
    expect(a.last().tickers.map((t) => t.price)).toEqual(['110.00']);
    expect(a.last().newestTs).toBe(1010);
  });

  it('[WORK-7] a timed credit holds the batch until its time; data arriving meanwhile joins it; a passed time sends at once', () => {
    const { tab, engine, queue, time } = setup();
    const a = tab('a');
    a.s.watch(BTC);
    a.s.credit(time.now() + 12);
    engine().setTicker('btcusdt', '1.00', 1);
    queue.run();
    time.advance(11);
    queue.run();
    expect(a.got).toHaveLength(0);
    engine().setTicker('btcusdt', '2.00', 2);
    time.advance(1);
    expect(a.got).toHaveLength(1);
    expect(a.last().tickers.map((t) => t.price)).toEqual(['2.00']);
    a.s.credit(time.now() - 5);
    engine().setTicker('btcusdt', '3.00', 3);
    queue.run();
    expect(a.got).toHaveLength(2);
  });

  it('[PERF-78] with three tabs painting, a timed credit holds its batch one frame more; hidden tabs do not count', () => {
    const { tab, engine, queue, time } = setup();
    const tabs = ['a', 'b', 'c'].map((id) => tab(id));
    for (const t of tabs) t.s.watch(BTC);
    const [a, b, c] = tabs;
    // Two tabs painting: the batch goes at the time named.
    a.s.credit(time.now() + 10);
    b.s.credit(time.now() + 10);
    engine().setTicker('btcusdt', '1.00', 1);
    queue.run();
    time.advance(10);
    expect([a.got.length, b.got.length]).toEqual([1, 1]);
    // A third starts painting: from now on each timed credit waits one frame more.
    expect(CROWD_TABS).toBe(3);
    c.s.credit(time.now() + 10);
    a.s.credit(time.now() + 10);
    engine().setTicker('btcusdt', '2.00', 2);
    queue.run();
    time.advance(10);
    expect([a.got.length, c.got.length]).toEqual([1, 0]);
    time.advance(Math.ceil(FRAME_PERIOD_MS) - 1);
    expect(a.got.length).toBe(1);
    time.advance(1);
    expect([a.got.length, c.got.length]).toEqual([2, 1]);
    expect(a.last().tickers.map((t) => t.price)).toEqual(['2.00']);
    // b and c stop granting (hidden): once their last credits are older than the window, a alone is not a crowd.
    time.advance(VISIBLE_CREDIT_MS + 1);
    a.s.credit(time.now() + 10);
    engine().setTicker('btcusdt', '3.00', 3);
    queue.run();
    time.advance(10);
    expect(a.got.length).toBe(3);
  });

  it('[WORK-7] a credit time far in the future (a confused tab clock) holds the batch one slow frame at most', () => {
    const { tab, engine, queue, time } = setup();
    const a = tab('a');
    a.s.watch(BTC);
    a.s.credit(time.now() + 60_000);
    engine().setTicker('btcusdt', '1.00', 1);
    queue.run();
    time.advance(FRAME_PERIOD_MAX_MS);
    expect(a.got).toHaveLength(1);
  });

  it('[WORK-4] at most one batch per credit: changes after a batch wait for the next credit and coalesce', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    a.s.watch(BTC);
    a.s.watch(ETH);
    a.s.credit();
    engine().setTicker('btcusdt', '1.00', 1);
    engine().setTicker('ethusdt', '2.00', 2);
    queue.run();
    expect(a.got).toHaveLength(1); // both frames of one task coalesce in one batch
    expect(
      a
        .last()
        .tickers.map((t) => t.symbol)
        .sort(),
    ).toEqual(['btcusdt', 'ethusdt']);
    engine().setTicker('btcusdt', '3.00', 3);
    engine().setTicker('btcusdt', '4.00', 4);
    queue.run();
    expect(a.got).toHaveLength(1);
    a.s.credit();
    queue.run();
    expect(a.got).toHaveLength(2);
    expect(a.last().tickers.map((t) => t.price)).toEqual(['4.00']);
    expect(a.last().n).toBe(2);
  });

  it('[WORK-5] a batch holds only the topics that tab watches and that changed', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    const b = tab('b');
    a.s.watch(BTC);
    b.s.watch(ETH);
    engine().setTicker('btcusdt', '1.00', 1);
    engine().setTicker('ethusdt', '2.00', 2);
    a.s.credit();
    b.s.credit();
    queue.run();
    expect(a.last().tickers.map((t) => t.symbol)).toEqual(['btcusdt']);
    expect(b.last().tickers.map((t) => t.symbol)).toEqual(['ethusdt']);
    a.s.credit();
    b.s.credit();
    engine().setTicker('ethusdt', '2.50', 3);
    queue.run();
    expect(a.got).toHaveLength(1);
    expect(b.got).toHaveLength(2);
  });

  it('[WORK-5] a newly watched topic is sent with the next batch even if it did not change since', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    const b = tab('b');
    engine().setTicker('btcusdt', '7.00', 7);
    a.s.credit();
    b.s.credit();
    queue.run(); // first batches: health only
    expect(a.last().health).toBe('live');
    expect(a.last().tickers).toEqual([]);
    a.s.credit();
    a.s.watch(BTC);
    queue.run();
    expect(a.last().tickers.map((t) => t.price)).toEqual(['7.00']);
  });

  it('[WORK-8] klines cross as patches: full first, then only the changed tail, in compact buffers', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    a.s.watch(BTC_1M);
    for (let i = 0; i < 4; i++) engine().setCandle('btcusdt', '1m', 60 * i, 10 + i);
    a.s.credit();
    queue.run();
    const p1 = a.last().klines[0];
    expect(p1.full).toBe(true);
    expect(Array.from(p1.rows.time)).toEqual([0, 60, 120, 180]);
    expect(p1.rows.time.buffer.byteLength).toBe(4 * 8);
    expect(a.got[0].transfer.length).toBe(6);
    engine().setCandle('btcusdt', '1m', 180, 20);
    engine().setCandle('btcusdt', '1m', 240, 21);
    a.s.credit();
    queue.run();
    const p2 = a.last().klines[0];
    expect(p2.full).toBe(false);
    expect(Array.from(p2.rows.time)).toEqual([180, 240]);
    expect(Array.from(p2.rows.close)).toEqual([20, 21]);
    expect(p2.version).toBe(6);
  });

  it('[WORK-8] a tab that unwatches and watches a series again gets a full patch', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    a.s.watch(BTC_1M);
    engine().setCandle('btcusdt', '1m', 0, 1);
    a.s.credit();
    queue.run();
    a.s.unwatch(BTC_1M);
    engine().setCandle('btcusdt', '1m', 60, 2);
    a.s.watch(BTC_1M);
    a.s.credit();
    queue.run();
    expect(a.last().klines[0].full).toBe(true);
    expect(a.last().klines[0].rows.length).toBe(2);
  });

  it('[WORK-13] health goes in the first batch and whenever it changes', () => {
    const { tab, engine, queue, time } = setup();
    const a = tab('a');
    a.s.credit();
    queue.run();
    expect(a.last().health).toBe('live');
    a.s.credit();
    engine().health = 'reconnecting';
    time.advance(HEALTH_POLL_MS);
    queue.run();
    expect(a.got).toHaveLength(2);
    expect(a.last().health).toBe('reconnecting');
    a.s.credit();
    time.advance(HEALTH_POLL_MS * 4);
    queue.run();
    expect(a.got).toHaveLength(2); // unchanged: nothing sent
  });

  it('[WORK-13] a connection change reported by the engine reaches the tabs without waiting for the poll', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    a.s.credit();
    queue.run();
    a.s.credit();
    engine().health = 'reconnecting';
    engine().emit('connection');
    queue.run();
    expect(a.last().health).toBe('reconnecting');
  });

  it('[WORK-10] with no tab left the engine is disposed after the idle delay; a new tab starts a new one', () => {
    const { tab, engines, time } = setup();
    const a = tab('a');
    a.s.watch(BTC);
    a.s.close();
    time.advance(IDLE_DISPOSE_MS - 1);
    expect(engines[0].disposed).toBe(false);
    time.advance(1);
    expect(engines[0].disposed).toBe(true);
    const b = tab('b');
    b.s.watch(BTC);
    expect(engines).toHaveLength(2);
    expect(engines[1].refs.get('ticker:btcusdt')).toBe(1);
  });

  it('[WORK-10] a tab reconnecting within the idle delay keeps the same engine', () => {
    const { tab, engines, time } = setup();
    tab('a').s.close();
    time.advance(IDLE_DISPOSE_MS / 2);
    tab('b');
    time.advance(IDLE_DISPOSE_MS * 2);
    expect(engines).toHaveLength(1);
    expect(engines[0].disposed).toBe(false);
  });

  it('[spec 7.5] a test-platform override moves the engine to api.<domain>; topics move with it', () => {
    const { tab, engines, queue } = setup();
    const a = tab('a');
    expect(engines[0].wsBase).toBe('ws://localhost:8080/ws/');
    a.s.watch(BTC_1M);
    engines[0].setCandle('btcusdt', '1m', 0, 1);
    a.s.credit();
    queue.run();
    a.s.setTestPlatform({ platform: 'x', domain: 'example.com' });
    expect(engines).toHaveLength(2);
    expect(engines[0].disposed).toBe(true);
    expect(engines[0].refs.size).toBe(0);
    expect(engines[1].wsBase).toBe('wss://api.example.com/ws/');
    expect(engines[1].refs.get('klines:btcusdt:1m')).toBe(1);
    engines[1].setCandle('btcusdt', '1m', 0, 5);
    a.s.credit();
    queue.run();
    expect(a.last().klines[0].full).toBe(true);
    a.s.setTestPlatform({ platform: 'x', domain: 'example.com' });
    expect(engines).toHaveLength(2); // same bases: no restart
  });

  it('[DEPLOY-3] the socket URLs come from the tab (hello): tabs that agree share one engine, a new config moves it', () => {
    const { tab, engines } = setup();
    const cfg = { apiBase: 'http://api.test:9000', socketUrls: ['ws://gw1.test/ws/', 'ws://gw2.test/ws/'] };
    const a = tab('a', true, cfg);
    expect(engines[0].wsBase).toBe('ws://gw1.test/ws/ ws://gw2.test/ws/');
    a.s.watch(BTC);
    tab('b', true, { ...cfg, socketUrls: [...cfg.socketUrls] });
    expect(engines).toHaveLength(1);
    // A tab of a redeployed app with another list: the one engine follows it, keeping the watched topics.
    tab('c', true, { socketUrls: ['ws://gw3.test/ws/'] });
    expect(engines).toHaveLength(2);
    expect(engines[1].wsBase).toBe('ws://gw3.test/ws/');
    expect(engines[1].refs.get('ticker:btcusdt')).toBe(1);
  });

  it('[WORK-9] a tab without Web Locks is released when its pings stop', () => {
    const { tab, engine, time, host } = setup();
    const a = tab('a', false);
    const b = tab('b', true);
    a.s.watch(BTC);
    b.s.watch(ETH);
    time.advance(TAB_PING_TIMEOUT_MS / 2);
    a.s.ping();
    time.advance(TAB_PING_TIMEOUT_MS - HEALTH_POLL_MS);
    expect(a.s.closed).toBe(false);
    time.advance(HEALTH_POLL_MS * 2);
    expect(a.s.closed).toBe(true);
    expect(b.s.closed).toBe(false); // a lock holder is never timed out
    expect([...engine().refs.keys()]).toEqual(['ticker:ethusdt']);
    expect(host.diagnostics().tabsConnected).toBe(1);
  });

  it('[WORK-14] diagnostics add tabs and mode to the engine counters', () => {
    const { tab, host } = setup();
    tab('a').s.watch(BTC);
    tab('b');
    const d = host.diagnostics();
    expect(d.tabsConnected).toBe(2);
    expect(d.mode).toBe('shared');
    expect(d.subscriptions).toEqual(['ticker:btcusdt']);
    expect(d.health).toBe('live');
  });

  it('[WORK-11] an engine that fails to start leaves the tab connected (connecting); the next hello retries', () => {
    let fail = true;
    const time = new FakeTime(1_700_000_000_000);
    const queue = new ManualQueue();
    const host = createMarketHost({
      createEngine: () => {
        if (fail) throw new Error('boom');
        return new FakeEngine();
      },
      location: { protocol: 'http:', host: 'h' },
      clock: time,
      timers: time,
      schedule: queue.schedule,
      mode: 'dedicated',
    });
    const sink = { send: () => undefined };
    const a = host.openSession('a', sink, { holdsLock: true, testPlatform: null });
    a.watch(BTC);
    expect(host.diagnostics()).toMatchObject({ health: 'connecting', tabsConnected: 1, socketsOpen: 0 });
    fail = false;
    host.openSession('b', sink, { holdsLock: true, testPlatform: null });
    expect((host.engine() as FakeEngine).refs.get('ticker:btcusdt')).toBe(1);
  });

  it('[WORK-11] calls on a closed session do nothing', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    a.s.close();
    a.s.watch(BTC);
    a.s.credit();
    engine().setTicker('btcusdt', '1.00', 1);
    queue.run();
    expect(engine().refs.size).toBe(0);
    expect(a.got).toHaveLength(0);
  });
});

describe('the live account through the host [LIVE-1]', () => {
  const ACCOUNT = { kind: 'account' } as const;

  it('[LIVE-1] a tab watching the account gets it in its next batch when it changes; one token for the worker', () => {
    const { tab, engine, queue } = setup();
    const a = tab('a');
    const b = tab('b');
    a.s.watch(ACCOUNT);
    a.s.setAccountToken('tok');
    b.s.setAccountToken('tok');
    expect(engine().accountToken).toBe('tok');
    queue.run();
    a.s.credit();
    b.s.credit();
    queue.run();
    expect(a.last()?.account?.balances).toBeNull(); // the first batch: the account as it is
    engine().setAccount({ balances: [{ account: 'platform', coin: 'USDT', available: '3', frozen: '0' }] });
    a.s.credit();
    queue.run();
    expect(a.last()?.account?.balances?.[0].available).toBe('3');
    expect(b.got.some((g) => g.batch.account)).toBe(false); // b does not watch it
    b.s.setAccountToken(null); // signed out (every tab says so)
    expect(engine().accountToken).toBeNull();
  });

  it('[LIVE-1] a new engine (after idle disposal) gets the token the tabs gave', () => {
    const { tab, engines, time } = setup();
    const a = tab('a');
    a.s.watch(ACCOUNT);
    a.s.setAccountToken('tok');
    a.s.close();
    time.advance(IDLE_DISPOSE_MS);
    expect(engines[0].disposed).toBe(true);
    const b = tab('b');
    b.s.watch(ACCOUNT);
    expect(engines).toHaveLength(2);
    expect(engines[1].accountToken).toBe('tok');
  });
});
