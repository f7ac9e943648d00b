import { describe, expect, it } from 'vitest';
import { ServerFrame } from '../../../src/shared/protocol';
import { connect, openSocket, sleep } from './testClient';
import { serverForFile } from '../testing/fixtures';
import { startTestServer } from '../testing/harness';

const srv = serverForFile({ env: { TRADE_RATE: '40' } });

const post = (path: string) => fetch(`${srv.url}${path}`, { method: 'POST' }).then((r) => r.json());
const open = () => openSocket(srv);

describe('socket test switches [WS-17] (TEST_SWITCHES=1)', () => {
  it('garbage?count=N sends N malformed frames per socket, without seq and without advancing it', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    await c.waitFor((f) => f.type === 'TRADE');
    const r = await post('/api/_test/ws/garbage?count=50');
    expect(r).toEqual({ code: 200, msg: 'success', data: { sent: 50 } });
    const n = c.frames.length;
    await c.waitFor((f) => f?.type === 'TRADE', n + 1);
    await sleep(100);
    const good = c.frames.filter((f) => ServerFrame.safeParse(f).success);
    const bad = c.frames.length - good.length + c.binary.length;
    expect(bad).toBe(50);
    good.forEach((f, i) => expect(f.seq).toBe(i + 1));
    await c.close();
  });

  it('skip?count=N advances seq by N without sending', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    await c.waitFor((f) => f.type === 'TRADE');
    const r = await post('/api/_test/ws/skip?count=5');
    expect(r.data.skipped).toBe(5);
    await sleep(300);
    await c.close();
    const gaps = c.frames
      .slice(1)
      .map((f, i) => f.seq - c.frames[i].seq)
      .filter((d) => d !== 1);
    expect(gaps).toEqual([6]);
  });

  it('silence?ms=M writes nothing for M ms, keeps the socket open, then resumes with a seq gap', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    c.send({ op: 'subscribe', type: 'HEARTBEAT' });
    await c.waitFor((f) => f.type === 'TRADE');
    const r = await post('/api/_test/ws/silence?ms=800');
    expect(r.data.ms).toBe(800);
    const n = c.frames.length;
    await sleep(500);
    expect(c.frames.length).toBe(n);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    const next = await c.waitFor((f) => f.type === 'TRADE', n);
    expect(next.seq).toBeGreaterThan(c.frames[n - 1].seq + 1);
    await c.close();
  });

  it('drop terminates every socket without a close handshake', async () => {
    const a = await open();
    const b = await open();
    const r = await post('/api/_test/ws/drop');
    expect(r.data.dropped).toBeGreaterThanOrEqual(2);
    expect((await a.closed).code).toBe(1006);
    expect((await b.closed).code).toBe(1006);
  });

  it('subscriptions lists connections and subscribers per key', async () => {
    const a = await open();
    const b = await open();
    a.send({ op: 'subscribe', type: 'DETAIL', symbol: 'ethusdt' });
    b.send({ op: 'subscribe', type: 'DETAIL', symbol: 'ethusdt' });
    b.send({ op: 'subscribe', type: 'KLINE', symbol: 'ethusdt', interval: '15m' });
    await a.waitFor((f) => f.type === 'ACK');
    await b.waitFor(() => b.frames.filter((f) => f.type === 'ACK').length === 2);
    const r = await fetch(`${srv.url}/api/_test/ws/subscriptions`).then((x) => x.json());
    expect(r.code).toBe(200);
    expect(r.data.connections).toBe(2);
    expect(r.data.subscriptions).toEqual({ 'DETAIL:ethusdt': 2, 'KLINE:ethusdt:15m': 1 });
    await a.close();
    await b.close();
  });

  it('bad switch input gets a clear message', async () => {
    const r = await post('/api/_test/ws/garbage?count=abc');
    expect(r.code).toBe(0);
    expect(r.msg).toMatch(/count/);
  });

  it('[WS-16][WS-17][SAFE-25] close-all closes every socket with 1012 "server restarting"', async () => {
    const a = await open();
    const b = await open();
    await srv.closeSockets();
    for (const c of [a, b]) expect(await c.closed).toEqual({ code: 1012, reason: 'server restarting' });
  });
});

describe('origin behind a trusted proxy [WS-2]', () => {
  it('[WS-2] with a trusted proxy the public host of X-Forwarded-Host is the same-origin host', async () => {
    const proxied = await startTestServer({ env: { TRADE_RATE: '40', TRUST_PROXY: '1' } });
    try {
      const c = await connect(`${proxied.wsUrl}/ws/p1`, {
        origin: 'https://exchange.example',
        headers: { 'x-forwarded-host': 'exchange.example' },
      });
      await c.close();
      await expect(
        connect(`${proxied.wsUrl}/ws/p2`, {
          origin: 'https://evil.example',
          headers: { 'x-forwarded-host': 'exchange.example' },
        }),
      ).rejects.toMatchObject({ status: 403 });
    } finally {
      await proxied.stop();
    }
  });
});

describe('keep-alive [WS-15]', () => {
  it('[WS-15] a client that does not answer pings is dropped; one that answers stays', async () => {
    const fast = await startTestServer({ env: { TRADE_RATE: '40' }, hubTimings: { heartbeatMs: 100, pingMs: 150 } });
    try {
      const deaf = await connect(`${fast.wsUrl}/ws/deaf`, { autoPong: false });
      const fine = await connect(`${fast.wsUrl}/ws/fine`);
      fine.send({ op: 'subscribe', type: 'HEARTBEAT' });
      expect((await deaf.closed).code).toBe(1006);
      await fine.waitFor((f) => f.type === 'HEARTBEAT');
      await sleep(400);
      expect(fine.ws.readyState).toBe(fine.ws.OPEN);
      await fine.close();
    } finally {
      await fast.stop();
    }
  });
});
