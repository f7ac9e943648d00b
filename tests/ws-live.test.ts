/**
 * The live socket through the real server process (spec 7.5; WS rules):
 * a plain WebSocket client, frames validated against the shared protocol, malformed-frame storm, metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candleOpenTime, ServerFrame } from '../src/shared/protocol';
import { garbageFrames } from '../server/src/ws/garbage';
import { connect, type Recorded } from '../server/src/ws/testClient';
import { startServer, type RunningServer } from './helpers/server';

let srv: RunningServer;
beforeAll(async () => {
  // No page here, only frames waited for: the product's market rate (PERF-57 calms the pages' servers).
  srv = await startServer({ TRADE_RATE: '8' });
});
afterAll(async () => {
  await srv?.stop();
});

const open = () => connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`);

async function metric(name: string, labels = ''): Promise<number> {
  const text = await fetch(`${srv.url}/metrics`).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith(name + labels + ' '));
  return line ? Number(line.split(' ')[1]) : 0;
}

function expectValid(c: Recorded): void {
  c.frames.forEach((f, i) => {
    expect(ServerFrame.safeParse(f).success, JSON.stringify(f).slice(0, 300)).toBe(true);
    expect(f.seq).toBe(i + 1);
  });
}

describe('live socket of the real server (spec 7.5)', () => {
  it('[WS-3][WS-6] a plain client subscribing DETAIL and TRADE for BTC gets frames; KLINE 1m gets the live candle', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt' });
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    c.send({ op: 'subscribe', type: 'KLINE', symbol: 'btcusdt', interval: '1m' });
    const detail = await c.waitFor((f) => f.type === 'DETAIL');
    const kline = await c.waitFor((f) => f.type === 'KLINE');
    // The live candle: this minute's, or the last minute's while the new minute has no trade yet (or its
    // trades are still committing when the minute turns).
    expect([candleOpenTime(kline.ts, '1m'), candleOpenTime(kline.ts, '1m') - 60_000]).toContain(kline.data.tick.t);
    const trade = await c.waitFor((f) => f.type === 'TRADE');
    const after = await c.waitFor((f) => f.type === 'DETAIL', c.frames.indexOf(trade));
    expect(after.data.close).toBe(trade.data.trades.at(-1).price);
    expect(detail.data.close).toMatch(/^\d+\.\d+$/);
    await c.waitFor(() => c.frames.filter((f) => f.type === 'TRADE').length >= 10);
    await c.close();
    expectValid(c);
    // TRADE -> KLINE -> DETAIL within each tick
    const from = c.frames.findIndex((f) => f.type === 'TRADE');
    for (let i = from; i + 2 < c.frames.length; i++) {
      if (c.frames[i].type !== 'TRADE') continue;
      expect([c.frames[i + 1].type, c.frames[i + 2].type]).toEqual(['KLINE', 'DETAIL']);
      expect(c.frames[i + 1].data.tick.close).toBe(c.frames[i].data.trades.at(-1).price);
      expect(c.frames[i + 1].data.tick.t).toBe(candleOpenTime(c.frames[i].data.trades.at(-1).ts, '1m'));
    }
  });

  it('[WS-10] 1,000 random malformed frames on one connection: all rejected and counted, valid subscriptions still served', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'ethusdt' });
    await c.waitFor((f) => f.type === 'TRADE');
    const before = await metric('exchange_ws_frames_rejected_total');
    for (const g of garbageFrames(1000, 'toServer', 99)) c.ws.send(g);
    await c.waitFor(() => c.frames.filter((f) => f.type === 'ERROR').length >= 1000, 0, 60_000);
    expect((await metric('exchange_ws_frames_rejected_total')) - before).toBe(1000);
    const n = c.frames.length;
    await c.waitFor((f) => f.type === 'TRADE', n);
    const h = await fetch(`${srv.url}/healthz`);
    expect(h.status).toBe(200);
    await c.close();
    expectValid(c);
  });

  it('[WS-2] a foreign Origin is refused by the real server', async () => {
    await expect(
      connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`, { origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 403 });
    const ok = await connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`, { origin: srv.url });
    await ok.close();
    // X-Forwarded-Host counts only behind a trusted proxy (TRUST_PROXY), which this server is not.
    await expect(
      connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`, {
        origin: 'https://exchange.example',
        headers: { 'x-forwarded-host': 'exchange.example' },
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('[OPS-2] /metrics: exchange_ws_connections goes up and back down; subscriptions by type', async () => {
    // The earlier tests' sockets are all closed: wait until the server has counted them down.
    await expect.poll(() => metric('exchange_ws_connections')).toBe(0);
    const base = await metric('exchange_ws_connections');
    const a = await open();
    const b = await open();
    a.send({ op: 'subscribe', type: 'KLINE', symbol: 'btcusdt', interval: '4h' });
    await a.waitFor((f) => f.type === 'ACK');
    expect(await metric('exchange_ws_connections')).toBe(base + 2);
    expect(await metric('exchange_ws_subscriptions', '{type="KLINE"}')).toBeGreaterThanOrEqual(1);
    const sent = await metric('exchange_ws_frames_sent_total');
    const bytes = await metric('exchange_ws_bytes_sent_total');
    await a.waitFor((f) => f.type === 'KLINE', a.frames.length);
    expect(await metric('exchange_ws_frames_sent_total')).toBeGreaterThan(sent);
    expect(await metric('exchange_ws_bytes_sent_total')).toBeGreaterThan(bytes);
    await a.close();
    b.ws.terminate();
    await b.closed;
    await expect.poll(() => metric('exchange_ws_connections')).toBe(base);
  });
});
