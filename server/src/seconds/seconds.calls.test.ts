/**
 * Second contracts over HTTP, the calls around the contract (SEC-8, SEC-10, SEC-11, SEC-13, IDEM-1): idempotency
 * and concurrency, the lists, the trade log's retention and the pushes to the user's tabs. One server on a manual
 * clock (testServer.ts); its books are checked when the file stops.
 */
import { describe, expect, it } from 'vitest';
import { tradingApi } from '../../../src/shared/api/trading';
import type { SecondOrder } from '../../../src/shared/schemas/trading';
import { connect } from '../ws/testClient';
import { sqliteSettlementStore } from '../settlement/store';
import { TRADE_LOG_RETENTION_MS } from './service';
import type { TestServer } from '../testing/harness';
import { secondsServer } from './testServer';

let ts: TestServer;
const { published, books, run, user, create, usdt, periodId, orderOf } = secondsServer((s) => (ts = s));

describe('[IDEM-1] idempotency and concurrency', () => {
  it('the same Idempotency-Key 50 times gives one order and one hold', async () => {
    const u = await user('1000');
    const body = { symbol: 'ethusdt', direction: 'up', amount: '25', periodId: periodId(60) };
    const replies = await Promise.all(Array.from({ length: 50 }, () => create(u.token, body, 'second-key-1')));
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of replies.filter((x) => x.body.code !== 200)) expect(r.body.msg).toMatch(/in progress|already/i);
    const again = await create(u.token, body, 'second-key-1');
    expect(again.body.data.id).toBe(ok[0].body.data.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: {} });
    expect(list.data.total).toBe(1);
    expect(usdt(u.id)).toEqual({ available: '975', frozen: '25' });
  });

  it('[SEC-13] a clientOrderId makes one order: sent again it returns that order; the list finds it', async () => {
    const u = await user('1000');
    const body = {
      symbol: 'ethusdt',
      direction: 'down',
      amount: '20',
      periodId: periodId(60),
      clientOrderId: 'cid-abc-1',
    };
    const first = await create(u.token, body);
    expect(first.body.data).toMatchObject({ clientOrderId: 'cid-abc-1', status: 'open' });
    const again = await create(u.token, body);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await create(u.token, { ...body, direction: 'up' });
    expect(other.body.msg).toBe('clientOrderId cid-abc-1 is already used by another order');
    const found = await ts.call(tradingApi.selectSecondOrders, {
      token: u.token,
      body: { clientOrderId: 'cid-abc-1' },
    });
    expect(found.data.rows.map((o) => o.id)).toEqual([first.body.data.id]);
    expect(usdt(u.id)).toEqual({ available: '980', frozen: '20' });
  });

  it('50 concurrent orders that together need more than the balance never take it below zero', async () => {
    const u = await user('1000');
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        create(u.token, { symbol: 'btcusdt', direction: i % 2 ? 'up' : 'down', amount: '30', periodId: periodId(30) }),
      ),
    );
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(33); // 33 x 30 = 990 <= 1000 < 34 x 30
    for (const r of replies.filter((x) => x.body.code !== 200))
      expect(r.body.msg).toMatch(/more than your available balance of 10 USDT/);
    expect(usdt(u.id)).toEqual({ available: '10', frozen: '990' });
    expect(books().problems).toBe(0);
    await run(31_000);
    expect(usdt(u.id).frozen).toBe('0');
    expect(books().problems).toBe(0);
  });
});

describe('[SEC-10] lists', () => {
  it('selectOrderList: open or settled, by symbol, paged, newest first; record/second: settled only; only the caller’s', async () => {
    const u = await user('1000');
    const other = await user('1000');
    await run(100);
    const ids: number[] = [];
    for (const [symbol, p] of [
      ['btcusdt', 30],
      ['ethusdt', 30],
      ['btcusdt', 300],
    ] as const) {
      const r = await create(u.token, { symbol, direction: 'up', amount: '10', periodId: periodId(p) });
      ids.push(r.body.data.id);
    }
    await create(other.token, { symbol: 'btcusdt', direction: 'up', amount: '10', periodId: periodId(30) });
    const all = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: {} });
    expect(all.data.rows.map((o) => o.id)).toEqual([...ids].reverse());
    const page = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: { pageNum: 2, pageSize: 2 } });
    expect(page.data).toMatchObject({ total: 3 });
    expect(page.data.rows.map((o) => o.id)).toEqual([ids[0]]);
    const btc = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: { symbol: 'BTCUSDT' } });
    expect(btc.data.rows.map((o) => o.id)).toEqual([ids[2], ids[0]]);
    await run(31_000);
    const open = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: { status: 'open' } });
    expect(open.data.rows.map((o) => o.id)).toEqual([ids[2]]);
    const settled = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: { status: 'settled' } });
    expect(settled.data.rows.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    const records = await ts.call(tradingApi.secondRecords, { token: u.token, query: { pageSize: 10 } });
    expect(records.data).toEqual(settled.data);
    for (const o of records.data.rows) expect(o.exit).not.toBeNull();
    const theirs = await ts.call(tradingApi.secondRecords, { token: other.token, query: {} });
    expect(theirs.data.rows.every((o) => !ids.includes(o.id))).toBe(true);
    await run(270_000, 1_000);
  });
});

describe('[SEC-8] the trade log', () => {
  it('keeps the published trades of the symbols with open contracts, from the entry on, and stops when none is left', async () => {
    const store = sqliteSettlementStore(ts.ctx.db);
    const u = await user('100');
    await run(200);
    const before = store.trades('dogeusdt').length;
    const r = await create(u.token, { symbol: 'dogeusdt', direction: 'up', amount: '10', periodId: periodId(30) });
    const o = r.body.data as SecondOrder;
    const from = (published.get('dogeusdt') ?? []).length;
    await run(5_000);
    const logged = store.trades('dogeusdt').slice(before);
    const since = (published.get('dogeusdt') ?? []).slice(from).map((t) => ({ id: t.id, time: t.ts, price: t.price }));
    expect(logged[0]).toEqual(o.entry);
    expect(logged.slice(1)).toEqual(since);
    expect(since.length).toBeGreaterThan(0);
    await run(26_000);
    expect((await orderOf(o.id, u.token)).status).toBe('settled');
    const stopped = store.trades('dogeusdt').length;
    await run(5_000);
    expect(store.trades('dogeusdt').length).toBe(stopped);
    // Past the retention window the log is pruned; trades an open contract needs are kept.
    const r2 = await create(u.token, { symbol: 'xrpusdt', direction: 'up', amount: '10', periodId: periodId(300) });
    const o2 = r2.body.data as SecondOrder;
    ts.seconds.prune(ts.clock.now() + TRADE_LOG_RETENTION_MS + 1);
    expect(store.trades('dogeusdt')).toEqual([]);
    expect(store.trades('xrpusdt')[0]).toEqual(o2.entry);
    await run(301_000, 1_000);
    expect((await orderOf(o2.id, u.token)).status).toBe('settled');
  });
});

describe('[SEC-11][LIVE-3] pushes to the user’s tabs', () => {
  it('SETTLEMENT with the session token reaches every socket of that user, and only theirs', async () => {
    const u = await user('100');
    const other = await user('100');
    const a = await connect(`${ts.wsUrl}/ws/second-a`);
    const b = await connect(`${ts.wsUrl}/ws/second-b`);
    const c = await connect(`${ts.wsUrl}/ws/second-c`);
    for (const [sock, token] of [
      [a, u.token],
      [b, u.token],
      [c, other.token],
    ] as const) {
      sock.send({ op: 'subscribe', type: 'SETTLEMENT', token });
      sock.send({ op: 'subscribe', type: 'USER_STATUS', token });
    }
    for (const s of [a, b, c]) await s.waitFor(() => s.frames.filter((f) => f.type === 'ACK').length === 2);
    await run(100);
    const r = await create(u.token, { symbol: 'btcusdt', direction: 'up', amount: '10', periodId: periodId(30) });
    const id = r.body.data.id as number;
    await run(30_100);
    for (const s of [a, b]) {
      const f = await s.waitFor((x) => x.type === 'SETTLEMENT');
      const o = await orderOf(id, u.token);
      expect(f.data).toEqual({
        kind: 'second',
        id,
        symbol: 'btcusdt',
        result: o.result,
        closePrice: o.closePrice,
        payout: o.payout,
      });
      // (the inbox's own news of the settlement's message, MSG-6, is not the second contract's)
      const st = s.frames
        .filter((x) => x.type === 'USER_STATUS' && (x.data as { kind: string }).kind !== 'inbox')
        .map((x) => x.data);
      expect(st).toEqual([
        { kind: 'second', id, status: 'open' },
        { kind: 'second', id, status: 'settled' },
      ]);
    }
    expect(c.frames.filter((x) => x.type === 'SETTLEMENT' || x.type === 'USER_STATUS')).toEqual([]);
    for (const s of [a, b, c]) await s.close();
  });
});
