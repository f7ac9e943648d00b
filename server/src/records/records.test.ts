/**
 * The trade records over HTTP (spec 7.4 record/currency, record/second, record/broker; RECS-*): real spot fills
 * and second contracts made through the API on a manual clock, then read back paged, newest first, by pair and by
 * time window; bad filters refused with a message naming the problem; sign-in required. The server's books are
 * checked when the file stops (testServer.ts).
 */
import { describe, expect, it } from 'vitest';
import { recordsApi } from '../../../src/shared/api/records';
import { tradingApi } from '../../../src/shared/api/trading';
import { CODE_FAIL, CODE_TOKEN } from '../../../src/shared/api/envelope';
import type { TestServer } from '../testing/harness';
import { secondsServer } from '../seconds/testServer';

let ts: TestServer;
const { books, run, user, create, periodId } = secondsServer((s) => (ts = s));

/** A market buy of `amount` on `symbol`; returns the order id. */
async function buy(token: string, symbol: string, amount: string): Promise<number> {
  const r = await ts.call(tradingApi.submitSpotOrder, {
    token,
    body: { symbol, side: 'buy', type: 'market', amount },
  });
  expect(r.msg).toBe('success');
  return r.data.id;
}

const spot = (token: string, query: Record<string, unknown> = {}) => ts.call(recordsApi.spotRecords, { token, query });

describe('[RECS-3] record/currency: the caller’s spot fills', () => {
  it('[RECS-1] newest first, paged, with fee, fee coin and trade id; only the caller’s', async () => {
    await run(2_000);
    const u = await user('100000');
    const other = await user('100000');
    const orders: number[] = [];
    for (let i = 0; i < 5; i++) {
      orders.push(await buy(u.token, 'btcusdt', '0.001'));
      await run(1_000);
    }
    await buy(other.token, 'btcusdt', '0.001');
    const all = await spot(u.token, { pageSize: 100 });
    expect(all.code).toBe(200);
    expect(all.data.total).toBeGreaterThanOrEqual(5);
    expect(new Set(all.data.rows.map((f) => f.orderId))).toEqual(new Set(orders));
    const ids = all.data.rows.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = all.data.rows.map((f) => f.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const f of all.data.rows) {
      expect(f.feeCoin).toBe('USDT');
      expect(Number(f.fee)).toBeGreaterThan(0);
      expect(f.tradeId).toBeGreaterThan(0);
    }
    // Paged: page 2 of size 2 is the third and fourth rows of the whole list.
    const p2 = await spot(u.token, { pageNum: 2, pageSize: 2 });
    expect(p2.data.total).toBe(all.data.total);
    expect(p2.data.rows.map((f) => f.id)).toEqual(ids.slice(2, 4));
    const beyond = await spot(u.token, { pageNum: 99, pageSize: 20 });
    expect(beyond.data).toEqual({ total: all.data.total, rows: [] });
  });

  it('[RECS-2] filtered by pair and by a time window [from, to)', async () => {
    const u = await user('100000');
    await buy(u.token, 'btcusdt', '0.001');
    await run(1_000);
    const eth = await buy(u.token, 'ethusdt', '0.01');
    await run(1_000);
    await buy(u.token, 'btcusdt', '0.001');
    const all = (await spot(u.token, { pageSize: 100 })).data.rows;
    const ethRows = (await spot(u.token, { symbol: 'ETHUSDT' })).data;
    expect(ethRows.rows.length).toBeGreaterThan(0);
    expect(ethRows.rows.every((f) => f.symbol === 'ethusdt' && f.orderId === eth)).toBe(true);
    expect(ethRows.total).toBe(all.filter((f) => f.symbol === 'ethusdt').length);
    const empty = await spot(u.token, { symbol: '' });
    expect(empty.data.total).toBe(all.length);

    // The window around the ETH fills only: from its first fill's time to just after its last.
    const ethTimes = ethRows.rows.map((f) => f.time);
    const from = Math.min(...ethTimes);
    const to = Math.max(...ethTimes) + 1;
    const inWindow = await spot(u.token, { from, to });
    expect(inWindow.data.rows.map((f) => f.id)).toEqual(
      all.filter((f) => f.time >= from && f.time < to).map((f) => f.id),
    );
    expect(inWindow.data.rows.every((f) => f.symbol === 'ethusdt')).toBe(true);
    // `to` is exclusive, `from` inclusive.
    expect((await spot(u.token, { from: to })).data.rows.every((f) => f.time >= to)).toBe(true);
    expect((await spot(u.token, { to: from })).data.rows.every((f) => f.time < from)).toBe(true);
    expect((await spot(u.token, { from: to, to: to + 1 })).data.total).toBe(0);
  });

  it('[RECS-4] a bad filter is refused with a message naming it, and sign-in is required', async () => {
    const u = await user('1000');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ from: 2_000, to: 1_000 }, /from must be before to/],
      [{ from: 1_000, to: 1_000 }, /from must be before to/],
      [{ symbol: 'btc-usdt' }, /symbol must be a pair code such as btcusdt/],
      [{ symbol: 'foousdt' }, /Unknown pair foousdt/],
      [{ from: -5 }, /from/],
      [{ to: 'yesterday' }, /to/],
      [{ pageSize: 500 }, /pageSize is at most 100/],
      [{ pageNum: 0 }, /pageNum starts at 1/],
    ];
    for (const [query, msg] of cases) {
      const r = await spot(u.token, query);
      expect(r.code, JSON.stringify(query)).toBe(CODE_FAIL);
      expect(r.msg, JSON.stringify(query)).toMatch(msg);
    }
    for (const e of [recordsApi.spotRecords, recordsApi.brokerRecords, tradingApi.secondRecords]) {
      const r = await ts.call(e, { query: {} });
      expect(r.code, e.path).toBe(CODE_TOKEN);
    }
    expect(books().problems).toBe(0);
  });
});

describe('[RECS-5] record/second: settled contracts, filtered by pair and opening time', () => {
  it('by pair and by a window of the opening time', async () => {
    const u = await user('1000');
    const period = periodId(30);
    const ids: number[] = [];
    for (const symbol of ['btcusdt', 'ethusdt', 'btcusdt']) {
      const r = await create(u.token, { symbol, direction: 'up', amount: '10', periodId: period });
      expect(r.body.code).toBe(200);
      ids.push(r.body.data.id);
      await run(1_000);
    }
    await run(31_000);
    const all = await ts.call(tradingApi.secondRecords, { token: u.token, query: {} });
    expect(all.data.rows.map((o) => o.id)).toEqual([...ids].reverse());
    const btc = await ts.call(tradingApi.secondRecords, { token: u.token, query: { symbol: 'btcusdt' } });
    expect(btc.data.rows.map((o) => o.id)).toEqual([ids[2], ids[0]]);
    const second = all.data.rows.find((o) => o.id === ids[1])!;
    const w = await ts.call(tradingApi.secondRecords, {
      token: u.token,
      query: { from: second.openTime, to: second.openTime + 1 },
    });
    expect(w.data).toEqual({ total: 1, rows: [second] });
    const bad = await ts.call(tradingApi.secondRecords, { token: u.token, query: { from: 10, to: 5 } });
    expect(bad.msg).toMatch(/from must be before to/);
  });
});

describe('[RECS-6] record/broker', () => {
  it('an empty page for a user who never copied, with the same query rules', async () => {
    const u = await user('0');
    const r = await ts.call(recordsApi.brokerRecords, { token: u.token, query: { symbol: 'btcusdt' } });
    expect(r.data).toEqual({ total: 0, rows: [] });
    const bad = await ts.call(recordsApi.brokerRecords, { token: u.token, query: { from: 3, to: 3 } });
    expect(bad.code).toBe(CODE_FAIL);
    expect(bad.msg).toMatch(/from must be before to/);
  });
});
