import { describe, expect, it } from 'vitest';
import { candleOpenTime, ServerFrame } from '../../../src/shared/protocol';
import { garbageFrames } from './garbage';
import { CONTROL_BURST } from './throttle';
import { connect, expectRefused, openSocket, sleep, subscribedUser, type Recorded } from './testClient';
import { serverForFile } from '../testing/fixtures';
import { DEMO } from '../identity/demo';

const srv = serverForFile({ env: { TRADE_RATE: '40' } });

const id = () => Math.random().toString(36).slice(2);
const open = () => openSocket(srv);

/** Every text frame validates against ServerFrame and seq runs 1, 2, 3, ... */
function expectValidSequence(c: Recorded): void {
  c.frames.forEach((f, i) => {
    const r = ServerFrame.safeParse(f);
    expect(r.success, JSON.stringify(f).slice(0, 300)).toBe(true);
    expect(f.seq).toBe(i + 1);
  });
}

describe('socket /ws/{id} (spec 7.5)', () => {
  it('[spec 7.5] a plain client subscribing DETAIL and TRADE for btcusdt gets valid frames, seq contiguous', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt', id: 'd1' });
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    const ack = await c.waitFor((f) => f.type === 'ACK');
    expect(ack.data).toEqual({ op: 'subscribe', key: 'DETAIL:btcusdt', id: 'd1' });
    const detail = await c.waitFor((f) => f.type === 'DETAIL');
    expect(detail.symbol).toBe('btcusdt');
    expect(detail.origin).toBe('market');
    const trade = await c.waitFor((f) => f.type === 'TRADE');
    expect(trade.data.trades.length).toBeGreaterThan(0);
    await c.waitFor((f) => f.type === 'DETAIL', c.frames.indexOf(trade));
    await c.close();
    expectValidSequence(c);
  });

  it('[spec 7.5] KLINE 1m gets the live candle at once and as it trades', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'KLINE', symbol: 'ethusdt', interval: '1m' });
    const first = await c.waitFor((f) => f.type === 'KLINE');
    expect(first.interval).toBe('1m');
    expect(first.data.tick.t).toBe(candleOpenTime(Date.now(), '1m'));
    const live = srv.ctx.market.history('ethusdt', '1m', 1)[0];
    expect(live.t).toBeGreaterThanOrEqual(first.data.tick.t);
    await c.waitFor((f) => f.type === 'KLINE', c.frames.indexOf(first) + 1);
    await c.close();
    expectValidSequence(c);
  });

  it('[WS-8] within a tick TRADE precedes KLINE precedes DETAIL, and DETAIL.close = the last trade price', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt' });
    c.send({ op: 'subscribe', type: 'KLINE', symbol: 'btcusdt', interval: '5m' });
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    await c.waitFor(() => c.frames.filter((f) => f.type === 'TRADE').length >= 20);
    await c.close();
    expectValidSequence(c);
    const firstTrade = c.frames.findIndex((f) => f.type === 'TRADE');
    const seq = c.frames.slice(firstTrade);
    let checked = 0;
    for (let i = 0; i + 2 < seq.length; i++) {
      if (seq[i].type !== 'TRADE') continue;
      const last = seq[i].data.trades.at(-1);
      expect(seq[i + 1].type).toBe('KLINE');
      expect(seq[i + 1].data.tick.close).toBe(last.price);
      expect(seq[i + 2].type).toBe('DETAIL');
      expect(seq[i + 2].data.close).toBe(last.price);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(19);
  });

  it('[WS-10] 1,000 random malformed frames on one connection are all rejected and counted; valid subscriptions go on', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'dogeusdt' });
    await c.waitFor((f) => f.type === 'TRADE');
    const before = srv.ctx.metrics.wsFramesRejected.get();
    const received = srv.ctx.metrics.wsFramesReceived.get();
    for (const g of garbageFrames(1000, 'toServer', 7)) c.ws.send(g);
    await c.waitFor(() => c.frames.filter((f) => f.type === 'ERROR').length >= 1000, 0, 60_000);
    expect(srv.ctx.metrics.wsFramesRejected.get() - before).toBe(1000);
    expect(srv.ctx.metrics.wsFramesReceived.get() - received).toBe(1000);
    const reasons = new Set(c.frames.filter((f) => f.type === 'ERROR').map((f) => f.data.reason));
    expect([...reasons].sort()).toEqual(['BAD_FRAME', 'BAD_JSON', 'TOO_LARGE']);
    const n = c.frames.length;
    await c.waitFor((f) => f.type === 'TRADE', n);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    await c.close();
    expectValidSequence(c);
  });

  it('[WS-11] an oversized frame (over 64 KB) gets a TOO_LARGE error, a binary frame BAD_FRAME, the connection stays', async () => {
    const c = await open();
    c.send(JSON.stringify({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt', pad: 'x'.repeat(70_000) }));
    const e = await c.waitFor((f) => f.type === 'ERROR');
    expect(e.data.reason).toBe('TOO_LARGE');
    c.ws.send(Buffer.from([1, 2, 3]));
    const b = await c.waitFor((f) => f.type === 'ERROR', c.frames.indexOf(e) + 1);
    expect(b.data.reason).toBe('BAD_FRAME');
    c.send({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt' });
    await c.waitFor((f) => f.type === 'DETAIL');
    await c.close();
    expectValidSequence(c);
  });

  it('[WS-11] a frame over the 1 MB socket limit closes that connection with 1009 and is counted; others go on', async () => {
    const other = await open();
    other.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    await other.waitFor((f) => f.type === 'TRADE');
    const before = srv.ctx.metrics.wsFramesRejected.get();
    const c = await open();
    c.ws.send('x'.repeat(1_100_000));
    expect((await c.closed).code).toBe(1009);
    expect(srv.ctx.metrics.wsFramesRejected.get()).toBe(before + 1);
    const n = other.frames.length;
    await other.waitFor((f) => f.type === 'TRADE', n);
    await other.close();
  });

  it('[WS-12][WS-4] an unknown symbol gets NOT_AVAILABLE; a duplicate subscribe is idempotent', async () => {
    const c = await open();
    await expectRefused(c, { type: 'DETAIL', symbol: 'nosuchusdt' }, 'NOT_AVAILABLE');
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'ethusdt' });
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'ethusdt' });
    await c.waitFor(() => c.frames.filter((f) => f.type === 'ACK').length === 2);
    await sleep(100);
    const r = await fetch(`${srv.url}/api/_test/ws/subscriptions`).then((x) => x.json());
    expect(r.data.subscriptions['TRADE:ethusdt']).toBeGreaterThanOrEqual(1);
    const t = await c.waitFor((f) => f.type === 'TRADE');
    // one TRADE frame per tick, not two
    const next = await c.waitFor((f) => f.type === 'TRADE', c.frames.indexOf(t) + 1);
    expect(next.data.trades[0].id).toBeGreaterThan(t.data.trades.at(-1).id);
    await c.close();
  });

  it('[WS-5][LIVE-1][LIVE-3][LIVE-4] account streams are validated: SETTLEMENT, POSITION, OWNCOIN and USER_STATUS need a token', async () => {
    const c = await open();
    for (const type of ['SETTLEMENT', 'POSITION', 'USER_STATUS', 'OWNCOIN']) c.send({ op: 'subscribe', type });
    await c.waitFor(() => c.frames.length === 4);
    expect(c.frames.map((f) => [f.type, f.data.key ?? f.data.reason])).toEqual([
      ['ERROR', 'BAD_FRAME'],
      ['ERROR', 'BAD_FRAME'],
      ['ERROR', 'BAD_FRAME'],
      ['ERROR', 'BAD_FRAME'],
    ]);
    expect(c.frames[0].data.message).toMatch(/SETTLEMENT needs the session token/);
    expect(c.frames[1].data.message).toMatch(/POSITION needs the session token/);
    expect(c.frames[3].data.message).toMatch(/OWNCOIN needs the session token/);
    c.send({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt', token: 'x' });
    const t = await c.waitFor(
      (f) =>
        f.type === 'ERROR' && /only OWNCOIN, USER_STATUS, SETTLEMENT and POSITION take a token/.test(f.data.message),
    );
    expect(t.data.reason).toBe('BAD_FRAME');
    c.send({ op: 'subscribe', type: 'KLINE', symbol: 'btcusdt' });
    const e = await c.waitFor((f) => f.type === 'ERROR' && /interval/.test(f.data.message));
    expect(e.data.reason).toBe('BAD_FRAME');
    await c.close();
  });

  it('[WS-4] unsubscribe stops the frames', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    await c.waitFor((f) => f.type === 'TRADE');
    c.send({ op: 'unsubscribe', type: 'TRADE', symbol: 'btcusdt' });
    const ack = await c.waitFor((f) => f.type === 'ACK' && f.data.op === 'unsubscribe');
    const at = c.frames.indexOf(ack);
    await sleep(600);
    expect(c.frames.slice(at + 1).filter((f) => f.type === 'TRADE')).toEqual([]);
    await c.close();
  });

  it('[WS-13] a connection flooding control messages is throttled, then closed with 1008', async () => {
    const c = await open();
    for (let i = 0; i < CONTROL_BURST + 200; i++) c.send({ op: 'subscribe', type: 'HEARTBEAT' });
    await c.waitFor((f) => f.type === 'ERROR' && f.data.reason === 'THROTTLED');
    const before = srv.ctx.metrics.wsFramesRejected.get();
    for (let i = 0; i < 400; i++) c.send({ op: 'unsubscribe', type: 'HEARTBEAT' });
    const closed = await c.closed;
    expect(closed.code).toBe(1008);
    expect(srv.ctx.metrics.wsFramesRejected.get()).toBeGreaterThan(before + 150);
  });

  it('[WS-2] a foreign Origin is refused; the same host and no Origin are allowed', async () => {
    await expect(connect(`${srv.wsUrl}/ws/${id()}`, { origin: 'http://evil.example' })).rejects.toMatchObject({
      status: 403,
    });
    const host = new URL(srv.url).host;
    const same = await connect(`${srv.wsUrl}/ws/${id()}`, { origin: `http://${host}` });
    await same.close();
    const none = await connect(`${srv.wsUrl}/ws/${id()}`);
    await none.close();
    await expect(connect(`${srv.wsUrl}/ws/${'x'.repeat(65)}`)).rejects.toMatchObject({ status: 400 });
    const plain = await fetch(`${srv.url}/ws/abc`);
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ code: 0 });
  });

  it('[OPS-2] metrics: the connections gauge goes up and back down, subscriptions by type', async () => {
    const m = srv.ctx.metrics;
    await sleep(100);
    const base = m.wsConnections.get();
    const baseDetail = m.wsSubscriptions.get({ type: 'DETAIL' });
    const a = await open();
    const b = await open();
    expect(m.wsConnections.get()).toBe(base + 2);
    a.send({ op: 'subscribe', type: 'DETAIL', symbol: 'btcusdt' });
    b.send({ op: 'subscribe', type: 'DETAIL', symbol: 'ethusdt' });
    await a.waitFor((f) => f.type === 'ACK');
    await b.waitFor((f) => f.type === 'ACK');
    expect(m.wsSubscriptions.get({ type: 'DETAIL' })).toBe(baseDetail + 2);
    const sent = m.wsFramesSent.get();
    await a.waitFor((f) => f.type === 'DETAIL', a.frames.length);
    expect(m.wsFramesSent.get()).toBeGreaterThan(sent);
    await a.close();
    b.ws.terminate(); // an abrupt end counts down too
    await b.closed;
    await sleep(200);
    expect(m.wsConnections.get()).toBe(base);
    expect(m.wsSubscriptions.get({ type: 'DETAIL' })).toBe(baseDetail);
  });

  it('[WS-9] HEARTBEAT subscribers get a HEARTBEAT frame with the server time', async () => {
    const c = await open();
    c.send({ op: 'subscribe', type: 'HEARTBEAT' });
    const hb = await c.waitFor((f) => f.type === 'HEARTBEAT');
    expect(Math.abs(hb.data.serverTime - Date.now())).toBeLessThan(60_000);
    await c.close();
    expectValidSequence(c);
  });
});

describe('private streams (LIVE-1, LIVE-2)', () => {
  /** Credits a user's platform account through the ledger (a deposit from house:deposits), as a deposit would. */
  let credits = 0;
  const credit = (userId: number, coin: string, amount: string) =>
    srv.ledger.post({
      kind: 'deposit',
      ref: `live-test-${++credits}-${id()}`,
      userId,
      entries: [
        { house: 'house:deposits', coin, amount: `-${amount}` },
        { userId, account: 'platform', coin, amount },
      ],
    });

  it('[LIVE-1] OWNCOIN with a session token: every balance after the ACK, again after each change, only to that user', async () => {
    const tokenA = await srv.signUp(`live-a-${id()}@example.com`);
    const tokenB = await srv.signUp(`live-b-${id()}@example.com`);
    const userA = srv.acc.sessions.resolve(tokenA)!;
    const userB = srv.acc.sessions.resolve(tokenB)!;
    const a = await open();
    const b = await open();
    a.send({ op: 'subscribe', type: 'OWNCOIN', token: tokenA, id: 'own' });
    b.send({ op: 'subscribe', type: 'OWNCOIN', token: tokenB });
    const ack = await a.waitFor((f) => f.type === 'ACK');
    expect(ack.data).toEqual({ op: 'subscribe', key: 'OWNCOIN', id: 'own' });
    const first = await a.waitFor((f) => f.type === 'OWNCOIN');
    expect(first.origin).toBe('server');
    expect(first.data.balances).toEqual(
      ['platform', 'finance', 'contract'].map((account) => ({ account, coin: 'USDT', available: '0', frozen: '0' })),
    );
    await b.waitFor((f) => f.type === 'OWNCOIN');

    credit(userA, 'USDT', '12.5');
    const next = await a.waitFor((f) => f.type === 'OWNCOIN', a.frames.indexOf(first) + 1);
    expect(next.data.balances[0]).toEqual({ account: 'platform', coin: 'USDT', available: '12.5', frozen: '0' });
    srv.ctx.userEvents.balancesChanged(userB);
    await b.waitFor(() => b.frames.filter((f) => f.type === 'OWNCOIN').length === 2);
    await sleep(50);
    expect(a.frames.filter((f) => f.type === 'OWNCOIN')).toHaveLength(2);
    expect(b.frames.filter((f) => f.type === 'OWNCOIN').at(-1).data.balances[0].available).toBe('0');
    expectValidSequence(a);
    await a.close();
    await b.close();
  });

  it('[LIVE-1] a transfer through the ledger pushes the new balances to the subscriber, equal to assetBalance', async () => {
    const login = await srv.post('/api/user/login', { account: DEMO.account, password: DEMO.password });
    const token = (login.body as { data: { satoken: string } }).data.satoken;
    const c = await open();
    c.send({ op: 'subscribe', type: 'OWNCOIN', token });
    const first = await c.waitFor((f) => f.type === 'OWNCOIN');
    const moved = await srv.post(
      '/api/asset/transferFunds',
      { fromAccount: 'platform', toAccount: 'contract', coin: 'USDT', amount: '1.5' },
      { satoken: token, 'idempotency-key': `live-${id()}` },
    );
    expect((moved.body as { code: number }).code).toBe(200);
    const next = await c.waitFor((f) => f.type === 'OWNCOIN', c.frames.indexOf(first) + 1);
    const rest = await srv.get('/api/asset/assetBalance', { satoken: token });
    expect(next.data.balances).toEqual((rest.body as { data: unknown }).data);
    const usdt = (acc: string, f: typeof first) =>
      f.data.balances.find((b: { account: string; coin: string }) => b.account === acc && b.coin === 'USDT').available;
    expect(Number(usdt('platform', first)) - Number(usdt('platform', next))).toBeCloseTo(1.5);
    await c.close();
  });

  it('[LIVE-1] a token that is not a session is refused with UNAUTHORIZED and gets nothing', async () => {
    const c = await open();
    await expectRefused(c, { type: 'OWNCOIN', token: 'not-a-session' }, 'UNAUTHORIZED');
    await sleep(50);
    expect(c.frames.filter((f) => f.type === 'OWNCOIN')).toHaveLength(0);
    await c.close();
  });

  it('[LIVE-1] a session that ends stops the stream at the next change, with UNAUTHORIZED', async () => {
    const { userId, c } = await subscribedUser(srv, `live-c-${id()}@example.com`, 'OWNCOIN');
    srv.acc.sessions.expire(userId);
    credit(userId, 'USDT', '99');
    const e = await c.waitFor((f) => f.type === 'ERROR');
    expect(e.data.reason).toBe('UNAUTHORIZED');
    srv.ctx.userEvents.balancesChanged(userId);
    await sleep(50);
    expect(c.frames.filter((f) => f.type === 'OWNCOIN')).toHaveLength(1);
    await c.close();
  });

  it('[LIVE-2] USER_STATUS carries a deposit or withdrawal state change to its user', async () => {
    const { userId, c } = await subscribedUser(
      srv,
      `live-d-${id()}@example.com`,
      'USER_STATUS',
      (f) => f.type === 'ACK',
    );
    srv.ctx.userEvents.statusChanged(userId, { kind: 'withdraw', id: 7, status: 'done' });
    const f = await c.waitFor((x) => x.type === 'USER_STATUS');
    expect(f.data).toEqual({ kind: 'withdraw', id: 7, status: 'done' });
    c.send({ op: 'unsubscribe', type: 'USER_STATUS' });
    await c.waitFor((x) => x.type === 'ACK' && x.data.op === 'unsubscribe');
    srv.ctx.userEvents.statusChanged(userId, { kind: 'withdraw', id: 8, status: 'done' });
    await sleep(50);
    expect(c.frames.filter((x) => x.type === 'USER_STATUS')).toHaveLength(1);
    expectValidSequence(c);
    await c.close();
  });
});
