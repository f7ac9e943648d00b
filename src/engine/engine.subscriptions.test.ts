import { describe, expect, it } from 'vitest';
import { RECONNECT_DELAY_MS, RECONNECT_JITTER_MS, RELEASE_GRACE_MS, THROTTLED_RETRY_MS } from './constants';
import { engineHarness } from './testing/harness';

describe('engine subscriptions over one socket [ENG-7] (spec 4.7, 7.5)', () => {
  it('[ENG-7] many users of the same topics: one socket, each server key subscribed once', async () => {
    const h = engineHarness();
    const releases = [1, 2, 3].flatMap(() => [
      h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' }),
      h.engine.acquire({ kind: 'ticker', symbol: 'ethusdt' }),
    ]);
    await h.settle();
    expect(h.sockets.sockets).toHaveLength(1);
    expect(h.exchange.openSockets).toBe(1);
    expect(h.sockets.last.ops().sort()).toEqual([
      'subscribe DETAIL:btcusdt',
      'subscribe DETAIL:ethusdt',
      'subscribe HEARTBEAT',
    ]);
    expect(h.exchange.subscriptions()).toEqual({ 'DETAIL:btcusdt': 1, 'DETAIL:ethusdt': 1, HEARTBEAT: 1 });
    // Two of three users leave: still live, nothing sent.
    for (const r of releases.slice(0, 4)) r();
    h.time.advance(RELEASE_GRACE_MS * 2);
    expect(h.sockets.last.ops()).toHaveLength(3);
    expect(h.exchange.openSockets).toBe(1);
    // The last leaves: after the grace period the topics are unsubscribed and the socket closes.
    for (const r of releases.slice(4)) r();
    h.time.advance(RELEASE_GRACE_MS - 1);
    expect(h.exchange.openSockets).toBe(1);
    h.time.advance(1);
    expect(h.sockets.last.ops()).toContain('unsubscribe DETAIL:btcusdt');
    expect(h.exchange.openSockets).toBe(0);
    expect(h.engine.diagnostics().socketsOpen).toBe(0);
  });

  it('[ENG-6] a route change (release then re-acquire within grace) does not churn the server', async () => {
    const h = engineHarness();
    const r = h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    await h.settle();
    const before = h.sockets.last.ops().length;
    r();
    h.time.advance(RELEASE_GRACE_MS / 2);
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    h.time.advance(RELEASE_GRACE_MS * 3);
    expect(h.sockets.last.ops()).toHaveLength(before);
  });

  it('[spec 4.7] after a reconnect the whole registry is sent once: nothing missing, nothing doubled', async () => {
    const h = engineHarness();
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1h' });
    h.engine.acquire({ kind: 'trades', symbol: 'ethusdt' });
    const gone = h.engine.acquire({ kind: 'ticker', symbol: 'ethusdt' });
    await h.settle();
    const first = new Set(h.sockets.last.ops());
    gone();
    h.time.advance(RELEASE_GRACE_MS);
    h.exchange.dropAll();
    // A topic acquired while down must be in the resend, once; the released one must not.
    h.engine.acquire({ kind: 'klines', symbol: 'ethusdt', interval: '5m' });
    expect(h.engine.diagnostics().health).toBe('reconnecting');
    h.time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    await h.settle();
    expect(h.sockets.sockets).toHaveLength(2);
    const ops = h.sockets.last.ops();
    expect(ops.slice().sort()).toEqual([
      'subscribe DETAIL:btcusdt',
      'subscribe HEARTBEAT',
      'subscribe KLINE:btcusdt:1h',
      'subscribe KLINE:btcusdt:1m',
      'subscribe KLINE:ethusdt:5m',
      'subscribe TRADE:btcusdt',
      'subscribe TRADE:ethusdt',
    ]);
    expect(first.has('subscribe DETAIL:ethusdt')).toBe(true);
    expect(h.engine.diagnostics().reconnects).toBe(1);
    expect(h.engine.diagnostics().health).toBe('live');
  });

  it('[ENG-9] bad topics are refused with a clear message', () => {
    const h = engineHarness();
    expect(() => h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '2m' as never })).toThrow(
      /unknown interval "2m"/,
    );
    expect(() => h.engine.acquire({ kind: 'ticker', symbol: '' })).toThrow(/invalid symbol/);
    expect(() => h.engine.acquire({ kind: 'book', symbol: 'btcusdt' } as never)).toThrow(/unknown topic kind "book"/);
    expect(h.sockets.sockets).toHaveLength(0);
  });

  it('[ENG-23] diagnostics report sockets, subscriptions, queue, frames, reconnects and message age', async () => {
    const h = engineHarness();
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    expect(h.engine.diagnostics().health).toBe('connecting');
    await h.settle();
    h.time.advance(1_500);
    const d = h.engine.diagnostics();
    expect(d).toMatchObject({
      socketsOpen: 1,
      queueLength: 0,
      queueOverflow: 0,
      framesRejected: 0,
      reconnects: 0,
      gaps: 0,
      health: 'live',
    });
    expect(d.subscriptions).toEqual(['DETAIL:btcusdt', 'HEARTBEAT']);
    expect(d.framesReceived).toBe(2); // two ACKs
    expect(d.lastMessageAgeMs).toBe(1_500);
    h.time.advance(6_000);
    expect(h.engine.diagnostics().health).toBe('delayed');
  });

  it('[FX-6] diagnostics carry the server clock offset from the frames ts (null before the first frame)', async () => {
    const h = engineHarness();
    expect(h.engine.diagnostics().serverClockOffsetMs).toBeNull();
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    // The fake exchange stamps frames on the same clock and delivers them at once: no offset.
    expect(h.engine.diagnostics().serverClockOffsetMs).toBe(0);
  });

  it('[ENG-8] a subscribe the server answered THROTTLED is sent again after THROTTLED_RETRY_MS while still wanted', async () => {
    const h = engineHarness();
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    h.exchange.throttleNext = 1;
    h.engine.acquire({ kind: 'ticker', symbol: 'ethusdt' });
    await h.settle();
    expect(h.exchange.subscriptions()['DETAIL:ethusdt']).toBeUndefined(); // throttled: not acted on
    h.time.advance(THROTTLED_RETRY_MS - 1);
    expect(h.exchange.subscriptions()['DETAIL:ethusdt']).toBeUndefined();
    h.time.advance(1);
    await h.settle();
    expect(h.exchange.subscriptions()['DETAIL:ethusdt']).toBe(1);
    expect(h.sockets.last.ops().filter((o) => o === 'subscribe DETAIL:ethusdt')).toHaveLength(2);
  });

  it('[ENG-8] an unsubscribe the server answered THROTTLED is sent again, so the server stops streaming what nobody watches', async () => {
    const h = engineHarness();
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    h.engine.acquire({ kind: 'ticker', symbol: 'solusdt' })();
    await h.settle();
    expect(h.exchange.subscriptions()['DETAIL:solusdt']).toBe(1);
    h.exchange.throttleNext = 1;
    h.time.advance(RELEASE_GRACE_MS);
    expect(h.exchange.subscriptions()['DETAIL:solusdt']).toBe(1);
    h.time.advance(THROTTLED_RETRY_MS);
    await h.settle();
    expect(h.exchange.subscriptions()['DETAIL:solusdt']).toBeUndefined();
  });
});
