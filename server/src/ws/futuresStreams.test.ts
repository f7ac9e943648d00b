import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ServerFrame } from '../../../src/shared/protocol';
import type { Position } from '../../../src/shared/schemas/futures';
import { UserEvents } from '../events/userEvents';
import { Metrics } from '../metrics';
import { serverForFile } from '../testing/fixtures';
import { AccountStreams } from './accountStreams';
import { Connection } from './connection';
import { expectRefused, marketSteps, openSocket, sleep, subscribedUser, type Recorded } from './testClient';

// A manual clock: the market and the mark board move only when the test says so.
const srv = serverForFile({ clock: 'manual', env: { TRADE_RATE: '40' } });

const id = () => Math.random().toString(36).slice(2);
const open = () => openSocket(srv);

const steps = (n: number) => marketSteps(srv, n);

const marks = (c: Recorded, symbol: string) => c.frames.filter((f) => f.type === 'MARK' && f.symbol === symbol);

function expectValid(c: Recorded): void {
  c.frames.forEach((f, i) => {
    expect(ServerFrame.safeParse(f).success, JSON.stringify(f).slice(0, 300)).toBe(true);
    expect(f.seq).toBe(i + 1);
  });
}

describe('MARK over the socket [LIVE-5]', () => {
  it('[LIVE-5][FUT-3] subscribe -> ACK, the current mark with its index and basis, then one frame per mark update, equal to the board', async () => {
    steps(50);
    srv.ctx.marks.update(srv.clock.now());
    const current = srv.ctx.marks.current('btcusdt')!;
    expect(current).toBeDefined();
    const c = await open();
    c.send({ op: 'subscribe', type: 'MARK', symbol: 'btcusdt', id: 'm' });
    const ack = await c.waitFor((f) => f.type === 'ACK');
    expect(ack.data).toEqual({ op: 'subscribe', key: 'MARK:btcusdt', id: 'm' });
    const first = await c.waitFor((f) => f.type === 'MARK');
    expect(c.frames.indexOf(first)).toBe(c.frames.indexOf(ack) + 1);
    expect(first).toMatchObject({ symbol: 'btcusdt', origin: 'market' });
    expect(first.data).toEqual({
      price: current.price,
      time: current.time,
      index: current.index,
      basis: current.basis,
      tradeId: current.tradeId,
      tradeTime: current.tradeTime,
    });

    // Every update from now on, the board's own job (once a second of market time) and the test's.
    const expected: unknown[] = [current];
    const off = srv.ctx.marks.onMark((ticks) => expected.push(ticks.find((t) => t.symbol === 'btcusdt')));
    for (let i = 0; i < 3; i++) {
      steps(3);
      srv.ctx.marks.update(srv.clock.now());
    }
    off();
    expect(expected.length).toBeGreaterThanOrEqual(4);
    await c.waitFor(() => marks(c, 'btcusdt').length === expected.length);
    await sleep(50);
    // One frame per update, in order, each the board's tick; the other pairs' ticks are not sent.
    expect(marks(c, 'btcusdt').map((f) => ({ symbol: f.symbol, ...f.data }))).toEqual(expected);
    expect(c.frames.filter((f) => f.type === 'MARK' && f.symbol !== 'btcusdt')).toEqual([]);

    c.send({ op: 'unsubscribe', type: 'MARK', symbol: 'btcusdt' });
    await c.waitFor((f) => f.type === 'ACK' && f.data.op === 'unsubscribe');
    const n = marks(c, 'btcusdt').length;
    srv.ctx.marks.update(srv.clock.now());
    await sleep(50);
    expect(marks(c, 'btcusdt')).toHaveLength(n);
    expectValid(c);
    await c.close();
  });

  it('[LIVE-5][WS-12] MARK needs a listed symbol; it takes no token', async () => {
    const c = await open();
    await expectRefused(c, { type: 'MARK', symbol: 'nopeusdt' }, 'NOT_AVAILABLE');
    c.send({ op: 'subscribe', type: 'MARK' });
    const bad = await c.waitFor((f) => f.type === 'ERROR' && f.data.reason === 'BAD_FRAME');
    expect(bad.data.message).toMatch(/MARK needs a symbol/);
    c.send({ op: 'subscribe', type: 'MARK', symbol: 'btcusdt', token: 't' });
    const tok = await c.waitFor((f) => f.type === 'ERROR' && /take a token/.test(f.data.message));
    expect(tok.data.reason).toBe('BAD_FRAME');
    await c.close();
  });
});

describe('POSITION over the socket [LIVE-4]', () => {
  it('[LIVE-4] POSITION needs the session token: the positions after the ACK, a push on each change, only to that user', async () => {
    const tokenA = await srv.signUp(`pos-a-${id()}@example.com`);
    const tokenB = await srv.signUp(`pos-b-${id()}@example.com`);
    const userA = srv.acc.sessions.resolve(tokenA)!;
    const a = await open();
    const b = await open();
    a.send({ op: 'subscribe', type: 'POSITION' });
    const refused = await a.waitFor((f) => f.type === 'ERROR');
    expect(refused.data).toMatchObject({ reason: 'BAD_FRAME' });
    expect(refused.data.message).toMatch(/POSITION needs the session token/);
    a.send({ op: 'subscribe', type: 'POSITION', token: 'not-a-session', id: 'p0' });
    const unauth = await a.waitFor((f) => f.type === 'ERROR' && f.data.reason === 'UNAUTHORIZED');
    expect(unauth.data.id).toBe('p0');

    a.send({ op: 'subscribe', type: 'POSITION', token: tokenA, id: 'p' });
    b.send({ op: 'subscribe', type: 'POSITION', token: tokenB });
    const ack = await a.waitFor((f) => f.type === 'ACK');
    expect(ack.data).toEqual({ op: 'subscribe', key: 'POSITION', id: 'p' });
    const first = await a.waitFor((f) => f.type === 'POSITION');
    expect(a.frames.indexOf(first)).toBe(a.frames.indexOf(ack) + 1);
    expect(first).toMatchObject({ origin: 'server', data: { positions: [] } });
    expect(first.data.event).toBeUndefined();
    await b.waitFor((f) => f.type === 'POSITION');

    srv.ctx.userEvents.positionsChanged(userA, { kind: 'filled', positionId: 7, symbol: 'btcusdt' });
    const pushed = await a.waitFor((f) => f.type === 'POSITION', a.frames.indexOf(first) + 1);
    expect(pushed.data).toEqual({ positions: [], event: { kind: 'filled', positionId: 7, symbol: 'btcusdt' } });
    srv.ctx.userEvents.positionsChanged(userA);
    await a.waitFor(() => a.frames.filter((f) => f.type === 'POSITION').length === 3);
    expect(a.frames.filter((f) => f.type === 'POSITION').at(-1).data).toEqual({ positions: [] });
    await sleep(50);
    expect(b.frames.filter((f) => f.type === 'POSITION')).toHaveLength(1);
    expectValid(b);
    await a.close();
    await b.close();
  });

  it('[LIVE-4] a session that ends stops POSITION at the next change, with UNAUTHORIZED', async () => {
    const { userId, c } = await subscribedUser(srv, `pos-c-${id()}@example.com`, 'POSITION');
    srv.acc.sessions.expire(userId);
    srv.ctx.userEvents.positionsChanged(userId, { kind: 'funding', positionId: 1, symbol: 'btcusdt' });
    const e = await c.waitFor((f) => f.type === 'ERROR');
    expect(e.data.reason).toBe('UNAUTHORIZED');
    expect(e.data.message).toMatch(/POSITION stopped/);
    srv.ctx.userEvents.positionsChanged(userId);
    await sleep(50);
    expect(c.frames.filter((f) => f.type === 'POSITION')).toHaveLength(1);
    expectValid(c);
    await c.close();
  });
});

/** A position row as the futures service stores it. */
function row(over: Partial<Position> = {}): Position {
  return {
    id: 1,
    symbol: 'btcusdt',
    side: 'long',
    leverage: 10,
    shares: '10',
    quantity: '0.1',
    entryPrice: '60000.000000',
    margin: '600.000000',
    liquidationPrice: '55200.00',
    lossRate: '0.8',
    takeProfit: null,
    stopLoss: null,
    closingShares: '0',
    realisedPnl: '0.000000',
    fees: '3.000000',
    funding: '0.000000',
    status: 'open',
    closePrice: null,
    liquidation: null,
    createTime: 1,
    updateTime: 2,
    closeTime: null,
    mark: { price: '61000', time: 3, unrealisedPnl: '100', returnRate: '0.1666', marginRatio: '0.1715' },
    ...over,
  };
}

function fakeConnection(): { conn: Connection; frames: () => { data: unknown }[] } {
  const sent: string[] = [];
  const ws = { readyState: 1, bufferedAmount: 0, send: (s: string) => sent.push(s) };
  const conn = new Connection('c', ws as unknown as WebSocket, new Metrics(), 0);
  return { conn, frames: () => sent.map((s) => JSON.parse(s)) };
}

describe('POSITION rows [LIVE-4]', () => {
  it('[LIVE-4] the open positions of the source, without their REST mark figures; read once per push for all connections', () => {
    const rows = new Map<number, Position[]>([[5, [row(), row({ id: 2, side: 'short', status: 'closed' })]]]);
    let reads = 0;
    const events = new UserEvents();
    const streams = new AccountStreams(
      {
        userOfToken: (t) => (t === 'tok' ? 5 : undefined),
        balances: () => [],
        positions: (u) => {
          reads++;
          return rows.get(u) ?? [];
        },
      },
      () => 1000,
    );
    streams.attach(events);
    const one = fakeConnection();
    const two = fakeConnection();
    for (const c of [one, two]) {
      expect(streams.subscribe(c.conn, 'POSITION', 'tok')).toBeUndefined();
      streams.initial(c.conn, 'POSITION');
    }
    const { mark: _mark, ...plain } = row();
    expect(one.frames()).toEqual([
      { type: 'POSITION', origin: 'server', data: { positions: [plain] }, seq: 1, ts: 1000 },
    ]);
    expect(ServerFrame.safeParse(one.frames()[0]).success).toBe(true);

    reads = 0;
    rows.set(5, [row({ shares: '4', quantity: '0.04' })]);
    events.positionsChanged(5, { kind: 'closed', positionId: 1, symbol: 'btcusdt' });
    events.positionsChanged(6);
    expect(reads).toBe(1);
    for (const c of [one, two]) {
      expect(c.frames()).toHaveLength(2);
      expect(c.frames()[1].data).toEqual({
        positions: [{ ...plain, shares: '4', quantity: '0.04' }],
        event: { kind: 'closed', positionId: 1, symbol: 'btcusdt' },
      });
    }
    streams.unsubscribe(one.conn, 'POSITION');
    events.positionsChanged(5);
    expect(one.frames()).toHaveLength(2);
    expect(two.frames()).toHaveLength(3);
    streams.stop();
    events.positionsChanged(5);
    expect(two.frames()).toHaveLength(3);
  });
});
