import { describe, expect, it } from 'vitest';
import { ServerFrame } from '../../../src/shared/protocol';
import { tradingApi } from '../../../src/shared/api/trading';
import { DEPTH_SNAPSHOT_LEVELS } from '../market/books';
import { DepthMirror } from '../market/depthMirror';
import { serverForFile } from '../testing/fixtures';
import { expectRefused, marketSteps, openSocket, type Recorded } from './testClient';

// A manual clock: the market steps only when the test says so, so frames and REST answers can be compared at
// the very same depth seq.
const srv = serverForFile({ clock: 'manual', env: { TRADE_RATE: '40' } });

const open = () => openSocket(srv);

const steps = (n: number) => marketSteps(srv, n);

function depthFrames(c: Recorded, symbol: string) {
  return c.frames.filter((f) => f.type === 'DEPTH' && f.symbol === symbol);
}

describe('DEPTH over the socket (extension of spec 7.5)', () => {
  it('[DEPTH-4][DEPTH-5] subscribe -> ACK, snapshot, then deltas: snapshot + deltas rebuild exactly the REST depth at the same seq', async () => {
    const books = srv.ctx.market.books;
    const c = await open();
    c.send({ op: 'subscribe', type: 'DEPTH', symbol: 'btcusdt', id: 'b' });
    c.send({ op: 'subscribe', type: 'DEPTH', symbol: 'dogeusdt' });
    const ack = await c.waitFor((f) => f.type === 'ACK');
    expect(ack.data).toEqual({ op: 'subscribe', key: 'DEPTH:btcusdt', id: 'b' });
    const snap = await c.waitFor((f) => f.type === 'DEPTH' && f.symbol === 'btcusdt');
    expect(c.frames.indexOf(snap)).toBe(c.frames.indexOf(ack) + 1);
    expect(snap.origin).toBe('market');
    expect(snap.data.snapshot).toBe(true);
    expect(snap.data.seq).toBe(books.depth('btcusdt', 1)!.seq);
    expect(snap.data.bids.length).toBeGreaterThan(10);
    await c.waitFor((f) => f.type === 'DEPTH' && f.symbol === 'dogeusdt');

    // The market moves, users place and cancel orders, the market moves again.
    steps(300);
    const rest = books.place('btcusdt', {
      owner: 5,
      side: 'buy',
      kind: 'limit',
      price: '100.00',
      amount: '0.250000',
    });
    expect(rest.ok).toBe(true);
    const cross = books.place('dogeusdt', { owner: 5, side: 'buy', kind: 'market', price: '0.2000', amount: '90000' });
    expect(cross.ok && cross.fills.length).toBeGreaterThan(1);
    steps(300);
    if (rest.ok) expect(books.cancel('btcusdt', rest.order.id).ok).toBe(true);
    steps(200);

    for (const symbol of ['btcusdt', 'dogeusdt']) {
      const want = books.depth(symbol, 1)!.seq;
      await c.waitFor((f) => f.type === 'DEPTH' && f.symbol === symbol && f.data.seq === want);
      const frames = depthFrames(c, symbol);
      expect(frames[0].data.snapshot).toBe(true);
      const mirror = new DepthMirror(frames[0].data);
      for (const f of frames.slice(1)) {
        expect(f.data.snapshot).toBeUndefined();
        mirror.apply(f.data);
      }
      expect(frames.length).toBeGreaterThan(50);
      const r = await srv.call(tradingApi.depth, { query: { symbol, limit: 500 } });
      expect(r.code).toBe(200);
      expect(r.data.seq).toBe(want);
      expect(r.data.symbol).toBe(symbol);
      expect(mirror.book(500)).toEqual({ seq: r.data.seq, bids: r.data.bids, asks: r.data.asks });
    }
    // Every frame is valid and the connection's own seq has no gap.
    c.frames.forEach((f, i) => {
      expect(ServerFrame.safeParse(f).success, JSON.stringify(f).slice(0, 200)).toBe(true);
      expect(f.seq).toBe(i + 1);
    });
    await c.close();
  });

  it('[DEPTH-5] at most one delta per symbol per simulator step; none after unsubscribe', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'DEPTH', symbol: 'ethusdt' });
    await c.waitFor((f) => f.type === 'DEPTH');
    const seq0 = srv.ctx.market.books.depth('ethusdt', 1)!.seq;
    steps(100);
    const seq1 = srv.ctx.market.books.depth('ethusdt', 1)!.seq;
    expect(seq1 - seq0).toBeGreaterThan(10);
    expect(seq1 - seq0).toBeLessThanOrEqual(100);
    await c.waitFor((f) => f.type === 'DEPTH' && f.data.seq === seq1);
    const deltas = depthFrames(c, 'ethusdt').slice(1);
    expect(deltas.map((f) => f.data.seq)).toEqual(Array.from({ length: seq1 - seq0 }, (_, i) => seq0 + 1 + i));
    // Each level at most once per delta.
    for (const f of deltas) {
      for (const side of [f.data.bids, f.data.asks]) {
        expect(new Set(side.map((l: string[]) => l[0])).size).toBe(side.length);
      }
    }
    c.send({ op: 'unsubscribe', type: 'DEPTH', symbol: 'ethusdt', id: 'u' });
    await c.waitFor((f) => f.type === 'ACK' && f.data.id === 'u');
    const n = c.frames.length;
    steps(50);
    c.send({ op: 'subscribe', type: 'HEARTBEAT', id: 'h' });
    await c.waitFor((f) => f.type === 'ACK' && f.data.id === 'h');
    expect(c.frames.slice(n).filter((f) => f.type === 'DEPTH')).toEqual([]);
    await c.close();
  });

  it('[DEPTH-4] an unknown symbol gets NOT_AVAILABLE; a DEPTH without a symbol BAD_FRAME', async () => {
    const c = await open();
    const e = await expectRefused(c, { type: 'DEPTH', symbol: 'nosuchusdt' }, 'NOT_AVAILABLE');
    c.send({ op: 'subscribe', type: 'DEPTH' });
    const e2 = await c.waitFor((f) => f.type === 'ERROR', c.frames.indexOf(e) + 1);
    expect(e2.data.reason).toBe('BAD_FRAME');
    await c.close();
  });

  it("[DEPTH-1] GET /api/market/depth: best first, at most limit a side, the book's seq; an unknown pair is refused", async () => {
    const r = await srv.call(tradingApi.depth, { query: { symbol: 'BTCUSDT', limit: 5 } });
    expect(r.code).toBe(200);
    expect(r.data.bids).toHaveLength(5);
    expect(r.data.asks).toHaveLength(5);
    expect(r.data.seq).toBe(srv.ctx.market.books.depth('btcusdt', 1)!.seq);
    const px = (l: string[]) => Number(l[0]);
    for (let i = 1; i < 5; i++) {
      expect(px(r.data.bids[i])).toBeLessThan(px(r.data.bids[i - 1]));
      expect(px(r.data.asks[i])).toBeGreaterThan(px(r.data.asks[i - 1]));
    }
    expect(px(r.data.bids[0])).toBeLessThan(px(r.data.asks[0]));
    const bad = await srv.call(tradingApi.depth, { query: { symbol: 'nosuchusdt' } });
    expect(bad.code).not.toBe(200);
    expect(bad.msg).toMatch(/nosuchusdt/i);
    const big = await srv.get('/api/market/depth?symbol=btcusdt&limit=501');
    expect(big.body.code).not.toBe(200);
    expect(big.body.msg).toMatch(/at most 500/);
    expect(DEPTH_SNAPSHOT_LEVELS).toBe(500);
  });
});
