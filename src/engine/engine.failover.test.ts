/**
 * DEPLOY-4: the engine takes a list of socket URLs and moves to the next when one fails, resubscribing everything
 * and resyncing as after any reconnect. Fake clock and fake sockets: no browser, no server.
 */
import { describe, expect, it } from 'vitest';
import { FAILOVER_DELAY_MS, RECONNECT_DELAY_MS, RECONNECT_JITTER_MS } from './constants';
import { engineHarness } from './testing/harness';
import type { FakeSocket } from './testing/fakeSocket';

const A = 'ws://gateway-a/ws/';
const B = 'ws://gateway-b/ws/';

/** Sockets to `dead` URLs fail as a refused connection does (an error, then the close). */
function refuse(h: ReturnType<typeof engineHarness>, dead: () => string[]): void {
  const accept = h.sockets.onCreate;
  h.sockets.onCreate = (sock: FakeSocket) => {
    if (dead().some((base) => sock.url.startsWith(base))) {
      queueMicrotask(() => {
        sock.serverError();
        sock.serverClose();
      });
      return;
    }
    accept?.(sock);
  };
}

const TOPICS_OPS = [
  'subscribe DETAIL:btcusdt',
  'subscribe HEARTBEAT',
  'subscribe KLINE:btcusdt:1m',
  'subscribe TRADE:btcusdt',
  'subscribe TRADE:ethusdt',
];

describe('socket failover [DEPLOY-4]', () => {
  it('[DEPLOY-4] a dead first URL leads to the second, and every subscription comes back there', async () => {
    const h = engineHarness(['btcusdt', 'ethusdt'], {}, undefined, [A, B]);
    refuse(h, () => [A]);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    h.engine.acquire({ kind: 'trades', symbol: 'ethusdt' });
    await h.settle();
    expect(h.sockets.sockets.map((s) => s.url)).toEqual([`${A}sock1`]);
    // The next URL is tried after the short failover delay, not the 3 s reconnect delay.
    h.time.advance(FAILOVER_DELAY_MS + RECONNECT_JITTER_MS);
    await h.settle();
    expect(h.sockets.last.url).toBe(`${B}sock2`);
    expect(h.sockets.last.ops().sort()).toEqual(TOPICS_OPS);
    expect(h.engine.diagnostics().health).toBe('live');
    // Data flows from the second gateway.
    h.exchange.tick([{ symbol: 'btcusdt', price: '101.5', qty: '1' }]);
    await h.settle();
    expect(h.engine.tickerView('btcusdt')?.priceRaw).toBe('101.5');
  });

  it('[DEPLOY-4] a socket that dies is retried at the same URL first; when that fails too, the next URL', async () => {
    let dead: string[] = [];
    const h = engineHarness(['btcusdt', 'ethusdt'], {}, undefined, [A, B]);
    refuse(h, () => dead);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    h.engine.acquire({ kind: 'klines', symbol: 'btcusdt', interval: '1m' });
    h.engine.acquire({ kind: 'trades', symbol: 'ethusdt' });
    await h.settle();
    expect(h.sockets.last.url.startsWith(A)).toBe(true);
    // Gateway A goes away (SIGKILL): its socket drops and new connections are refused.
    dead = [A];
    h.exchange.dropAll();
    h.time.advance(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS);
    await h.settle();
    expect(h.sockets.sockets.map((s) => s.url.slice(0, A.length))).toEqual([A, A]);
    h.time.advance(FAILOVER_DELAY_MS + RECONNECT_JITTER_MS);
    await h.settle();
    expect(h.sockets.last.url.startsWith(B)).toBe(true);
    expect(h.sockets.last.ops().sort()).toEqual(TOPICS_OPS);
    expect(h.exchange.openSockets).toBe(1);
    expect(h.engine.diagnostics().health).toBe('live');
  });

  it('[DEPLOY-4] when every URL fails in a row, the normal reconnect delay applies before the next round', async () => {
    const h = engineHarness(['btcusdt'], {}, undefined, [A, B]);
    refuse(h, () => [A, B]);
    h.engine.acquire({ kind: 'ticker', symbol: 'btcusdt' });
    await h.settle();
    h.time.advance(FAILOVER_DELAY_MS + RECONNECT_JITTER_MS);
    await h.settle();
    expect(h.sockets.sockets).toHaveLength(2);
    // Both failed: no third attempt before the reconnect delay.
    h.time.advance(RECONNECT_DELAY_MS - 1);
    await h.settle();
    expect(h.sockets.sockets).toHaveLength(2);
    h.time.advance(RECONNECT_JITTER_MS + 1);
    await h.settle();
    expect(h.sockets.sockets.map((s) => s.url.slice(0, A.length))).toEqual([A, B, A]);
  });
});
