import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Market } from '../context';
import { Metrics } from '../metrics';
import { body, Connection, MAX_BUFFERED_BYTES } from './connection';
import { originAllowed, parseAllowedOrigins } from './origin';
import { FloodGuard, CONTROL_BURST, CONTROL_RATE, MAX_STRIKES } from './throttle';

function fakeWs() {
  const sent: string[] = [];
  return { sent, ws: { readyState: 1, bufferedAmount: 0, send: (s: string) => sent.push(s) } };
}

describe('connection writer [WS-7][WS-14]', () => {
  it('[WS-7] splices seq and ts into a body serialized once; bytes are counted', () => {
    const m = new Metrics();
    const f = fakeWs();
    const c = new Connection('a', f.ws as unknown as WebSocket, m, 0);
    const b = body({ type: 'ACK', origin: 'server', data: { op: 'subscribe', key: 'HEARTBEAT' } });
    c.send(b, 123, false);
    c.send(b, 124, false);
    expect(f.sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'ACK', origin: 'server', data: { op: 'subscribe', key: 'HEARTBEAT' }, seq: 1, ts: 123 },
      { type: 'ACK', origin: 'server', data: { op: 'subscribe', key: 'HEARTBEAT' }, seq: 2, ts: 124 },
    ]);
    expect(m.wsFramesSent.get()).toBe(2);
    expect(m.wsBytesSent.get()).toBe(Buffer.byteLength(f.sent[0]) + Buffer.byteLength(f.sent[1]));
  });

  it('[WS-14] a backed-up socket skips market frames but still advances seq (the client sees a gap)', () => {
    const f = fakeWs();
    const c = new Connection('a', f.ws as unknown as WebSocket, new Metrics(), 0);
    const b = body({ type: 'X' });
    c.send(b, 1, true);
    f.ws.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    expect(c.send(b, 2, true)).toBe(false);
    expect(c.send(b, 3, false)).toBe(true); // control answers still go out
    f.ws.bufferedAmount = 0;
    c.send(b, 4, true);
    expect(f.sent.map((s) => JSON.parse(s).seq)).toEqual([1, 3, 4]);
  });

  it('[WS-17] a silenced connection writes nothing, not even control answers, and seq advances', () => {
    const f = fakeWs();
    const c = new Connection('a', f.ws as unknown as WebSocket, new Metrics(), 0);
    c.silentUntil = 100;
    c.send(body({ type: 'X' }), 50, false);
    c.send(body({ type: 'X' }), 150, false);
    expect(f.sent.map((s) => JSON.parse(s).seq)).toEqual([2]);
  });
});

describe('metrics from the first scrape [OPS-2]', () => {
  it('[OPS-2] socket counters and per-type subscription gauges are present at 0 before any traffic', async () => {
    const { Hub } = await import('./hub');
    const { systemClock, systemTimers } = await import('../time/clock');
    const m = new Metrics();
    new Hub(
      { onTrades: () => () => {}, books: { onDepth: () => () => {} } } as unknown as Market,
      m,
      { info() {} } as unknown as FastifyBaseLogger,
      systemClock,
      systemTimers,
    );
    const text = m.render();
    for (const name of [
      'exchange_ws_frames_sent_total',
      'exchange_ws_bytes_sent_total',
      'exchange_ws_frames_rejected_total',
      'exchange_ws_frames_received_total',
    ]) {
      expect(text).toMatch(new RegExp(`^${name} 0$`, 'm'));
    }
    expect(text).toMatch(/^exchange_ws_subscriptions\{type="DETAIL"\} 0$/m);
    expect(text).toMatch(/^exchange_ws_connections 0$/m);
  });
});

describe('flood guard [WS-13] (a connection that floods control messages is throttled)', () => {
  it('[WS-13] allows a burst, then refills at the rate; sustained abuse becomes abusive', () => {
    const g = new FloodGuard(0);
    let ok = 0;
    for (let i = 0; i < CONTROL_BURST + 10; i++) if (g.allowControl(0)) ok++;
    expect(ok).toBe(CONTROL_BURST);
    expect(g.allowControl(1000)).toBe(true); // CONTROL_RATE tokens back after a second
    expect(g.abusive).toBe(false);
    for (let i = 0; i < MAX_STRIKES + CONTROL_RATE; i++) g.allowControl(1000);
    expect(g.abusive).toBe(true);
  });

  it('[WS-13] rejected frames become abuse only past their own generous bucket', () => {
    const g = new FloodGuard(0);
    for (let i = 0; i < 2000; i++) g.rejected(0);
    expect(g.abusive).toBe(false);
    for (let i = 0; i <= MAX_STRIKES; i++) g.rejected(0);
    expect(g.abusive).toBe(true);
  });
});

describe('origin check [WS-2] (a foreign Origin is refused)', () => {
  it('[WS-2] same host or listed origins pass; others, "null" and garbage do not; no Origin passes', () => {
    const allowed = parseAllowedOrigins(' https://app.example.com/ , partner.example.org ');
    expect(originAllowed(undefined, 'localhost:8080', allowed)).toBe(true);
    expect(originAllowed('http://localhost:8080', 'localhost:8080', allowed)).toBe(true);
    expect(originAllowed('http://LOCALHOST:8080', 'localhost:8080', allowed)).toBe(true);
    expect(originAllowed('http://localhost:5173', 'localhost:8080', allowed)).toBe(false);
    expect(originAllowed('https://app.example.com', 'localhost:8080', allowed)).toBe(true);
    expect(originAllowed('http://app.example.com', 'localhost:8080', allowed)).toBe(false);
    expect(originAllowed('https://partner.example.org', 'localhost:8080', allowed)).toBe(true);
    expect(originAllowed('null', 'localhost:8080', allowed)).toBe(false);
    expect(originAllowed('http://evil.example', 'localhost:8080', allowed)).toBe(false);
  });
});
