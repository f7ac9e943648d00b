/**
 * Second contracts over HTTP against the whole server on a manual clock (SEC-1..7): periods, the pair and stake
 * rules, the hold, opening at the last published trade, settlement at the advertised time from the published
 * trades (reproduced here from an independent capture of `market.onTrades`), exactly once. Idempotency, the lists,
 * the trade log and the pushes are in seconds.calls.test.ts. The server's books are checked when the file stops.
 */
import { describe, expect, it } from 'vitest';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import type { SecondOrder } from '../../../src/shared/schemas/trading';
import { SETTLE_EVERY_MS } from '../settlement/job';
import type { TestServer } from '../testing/harness';
import { secondsServer } from './testServer';

let ts: TestServer;
const {
  published,
  statuses,
  settlements,
  flushMicrotasks,
  books,
  run,
  user,
  create,
  usdt,
  journal,
  periodId,
  orderOf,
  expectedExit,
  expectedResult,
} = secondsServer((s) => (ts = s));

describe('[SEC-1] period/list', () => {
  it('lists the seeded periods, 30 s to 5 min, with ratio, limits and status, for anyone', async () => {
    const r = await ts.call(tradingApi.periodList, { body: {} });
    expect(r.code).toBe(200);
    expect(r.data.map((p) => [p.period, p.ratio, p.minAmount, p.maxAmount, p.status])).toEqual([
      [30, '0.8', '10', '50000', true],
      [60, '0.82', '10', '50000', true],
      [120, '0.85', '10', '50000', true],
      [180, '0.87', '10', '50000', true],
      [300, '0.9', '10', '50000', true],
    ]);
    expect((await ts.call(tradingApi.periodList, { body: { symbol: 'btcusdt' } })).data).toEqual(r.data);
  });
});

describe('[SEC-2][SEC-3] refusals name the problem and change nothing', () => {
  it('refuses unknown and closed pairs, unknown and closed periods, and every stake rule by name', async () => {
    const u = await user('100');
    const p30 = periodId(30);
    const ok = { symbol: 'btcusdt', direction: 'up', amount: '10', periodId: p30 };
    const holds = journal('second_open');
    const cases: [unknown, RegExp][] = [
      [{ ...ok, symbol: 'nopeusdt' }, /Unknown pair nopeusdt/],
      [{ ...ok, periodId: 999 }, /Unknown period 999/],
      [{ ...ok, direction: 'sideways' }, /direction/],
      [{ ...ok, amount: '9.99' }, /below the minimum of 10 USDT for the 30 s period/],
      [{ ...ok, amount: '50000.01' }, /above the maximum of 50000 USDT/],
      [{ ...ok, amount: '10.001' }, /too many decimals: at most 2/],
      [{ ...ok, amount: '100.01' }, /more than your available balance of 100 USDT/],
      [{ ...ok, amount: '-10' }, /Stake must be positive/],
    ];
    for (const [body, msg] of cases) {
      const r = await create(u.token, body);
      expect(r.body.code, JSON.stringify(body)).toBe(0);
      expect(r.body.msg, JSON.stringify(body)).toMatch(msg);
    }
    ts.ctx.db.prepare("UPDATE coin_second SET status = 0 WHERE symbol = 'ethusdt'").run();
    ts.ctx.db.prepare('UPDATE second_periods SET status = 0 WHERE id = ?').run(periodId(60));
    try {
      expect((await create(u.token, { ...ok, symbol: 'ethusdt' })).body.msg).toMatch(
        /Second contracts on ethusdt are closed/,
      );
      expect((await create(u.token, { ...ok, periodId: periodId(60) })).body.msg).toMatch(
        /60 s period is closed for new contracts/,
      );
      const listed = await ts.call(tradingApi.periodList, { body: {} });
      expect(listed.data.find((p) => p.period === 60)!.status).toBe(false);
    } finally {
      ts.ctx.db.prepare("UPDATE coin_second SET status = 1 WHERE symbol = 'ethusdt'").run();
      ts.ctx.db.prepare('UPDATE second_periods SET status = 1 WHERE id = ?').run(periodId(60));
    }
    expect(journal('second_open')).toBe(holds);
    expect(usdt(u.id)).toEqual({ available: '100', frozen: '0' });
    const none = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: {} });
    expect(none.data).toEqual({ total: 0, rows: [] });
    // Signed out: the token envelope.
    expect((await ts.post(tradingApi.createSecondOrder.path, ok)).body.code).toBe(500);
  });
});

describe('[SEC-4] opening', () => {
  it('opens at the last published trade when the call is handled, closes one period later, holds the stake', async () => {
    const u = await user('1000');
    await run(1_000);
    const last = ts.ctx.market.recentTrades('btcusdt', 1)[0];
    const now = ts.clock.now();
    const r = await create(u.token, { symbol: 'BTCUSDT', direction: 'up', amount: '100.5', periodId: periodId(30) });
    expect(r.body.code).toBe(200);
    const o = r.body.data as SecondOrder;
    expect(o).toMatchObject({
      symbol: 'btcusdt',
      direction: 'up',
      amount: '100.5',
      coin: 'USDT',
      period: 30,
      ratio: '0.8',
      openPrice: last.price,
      openTime: now,
      closeTime: now + 30_000,
      entry: { id: last.id, time: last.ts, price: last.price },
      status: 'open',
      result: null,
      closePrice: null,
      exit: null,
      payout: null,
    });
    expect(usdt(u.id)).toEqual({ available: '899.5', frozen: '100.5' });
    const hold = ts.ctx.db
      .prepare("SELECT amount, state, kind, ref FROM ledger_holds WHERE kind = 'second_open' AND ref = ?")
      .get(String(o.id));
    expect(hold).toEqual({ amount: '100.5', state: 'open', kind: 'second_open', ref: String(o.id) });
    await flushMicrotasks();
    expect(statuses.filter(([id]) => id === u.id).map(([, e]) => e)).toEqual([
      { kind: 'second', id: o.id, status: 'open' },
    ]);
    // Settled at the end of this file's other tests; make sure it does not stay open forever.
    await run(31_000);
    expect((await orderOf(o.id, u.token)).status).toBe('settled');
  });
});

describe('[SEC-5][SEC-6] settlement', () => {
  it('never before closeTime, right after it, from the published trades, paying through house:seconds exactly once', async () => {
    const u = await user('10000');
    await run(500);
    const symbols = ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt', 'xrpusdt'];
    const opened: SecondOrder[] = [];
    for (const [i, symbol] of symbols.entries()) {
      for (const direction of ['up', 'down']) {
        const r = await create(u.token, { symbol, direction, amount: String(100 + i), periodId: periodId(30) });
        expect(r.body.code, r.body.msg).toBe(200);
        opened.push(r.body.data);
      }
      await run(30); // different open times
    }
    const lastClose = Math.max(...opened.map((o) => o.closeTime));
    const firstClose = Math.min(...opened.map((o) => o.closeTime));
    // Up to exactly closeTime nothing settles (a trade stamped at closeTime may still come).
    await run(firstClose - ts.clock.now(), 100);
    expect(ts.clock.now()).toBe(firstClose);
    for (const o of opened) expect((await orderOf(o.id, u.token)).status).toBe('open');
    await run(lastClose - ts.clock.now() + SETTLE_EVERY_MS, SETTLE_EVERY_MS);
    const before = usdt(u.id);
    expect(before.frozen).toBe('0');
    let expected = new Decimal(10000);
    for (const o of opened) {
      const s = await orderOf(o.id, u.token);
      const exit = expectedExit(o);
      const result = expectedResult(o, exit.price);
      expect(s.status).toBe('settled');
      expect(s.exit).toEqual(exit);
      expect(s.closePrice).toBe(exit.price);
      expect(s.result).toBe(result);
      // Settled at the first run after closeTime: within one settlement period of it.
      expect(s.settleTime! - s.closeTime).toBeGreaterThan(0);
      expect(s.settleTime! - s.closeTime).toBeLessThanOrEqual(SETTLE_EVERY_MS);
      const stake = new Decimal(o.amount);
      const payout = result === 'win' ? stake.plus(stake.times(o.ratio)) : result === 'draw' ? stake : new Decimal(0);
      expect(s.payout).toBe(payout.toFixed());
      expected = expected.minus(stake).plus(payout);
    }
    expect(before.available).toBe(expected.toFixed());
    // Up and down on one pair at one price: exactly one wins unless the price did not move.
    for (let i = 0; i < opened.length; i += 2) {
      const [a, b] = [await orderOf(opened[i].id, u.token), await orderOf(opened[i + 1].id, u.token)];
      expect([a.result, b.result].sort()).toEqual(a.result === 'draw' ? ['draw', 'draw'] : ['lose', 'win']);
    }
    // The journal: one settle per lost or won contract, one payout per win, nothing else; and a second run pays nothing.
    const wins = (await Promise.all(opened.map((o) => orderOf(o.id, u.token)))).filter((o) => o.result === 'win');
    const rows = ts.ctx.db
      .prepare(
        `SELECT j.kind, e.account, e.amount FROM ledger_journal j JOIN ledger_entries e ON e.journal_id = j.id
         WHERE j.kind = 'second_payout' AND j.user_id = ? AND e.account = 'platform'`,
      )
      .all(u.id) as { amount: string }[];
    expect(rows.map((r) => r.amount).sort()).toEqual(wins.map((w) => w.payout).sort());
    const payouts = journal('second_payout');
    expect(ts.seconds.settleDue(ts.clock.now())).toBe(0);
    // Asked about the future, it still settles nothing before its time.
    expect(ts.seconds.settleDue(ts.clock.now() + 1_000_000)).toBe(0);
    await run(1_000);
    expect(journal('second_payout')).toBe(payouts);
    expect(usdt(u.id)).toEqual(before);
    expect(books().problems).toBe(0);
    await flushMicrotasks();
    const mine = settlements.filter(([id]) => id === u.id).map(([, d]) => d);
    expect(mine).toHaveLength(opened.length);
    for (const d of mine) {
      const s = await orderOf(d.id, u.token);
      expect(d).toEqual({
        kind: 'second',
        id: s.id,
        symbol: s.symbol,
        result: s.result,
        closePrice: s.closePrice,
        payout: s.payout,
      });
    }
    expect(statuses.filter(([id, e]) => id === u.id && e.status === 'settled')).toHaveLength(opened.length);
  });

  it('a price that did not move is a draw: the hold is released, the stake comes back whole', async () => {
    const u = await user('50');
    await run(200);
    const r = await create(u.token, { symbol: 'btcusdt', direction: 'down', amount: '50', periodId: periodId(30) });
    const o = r.body.data as SecondOrder;
    expect(usdt(u.id)).toEqual({ available: '0', frozen: '50' });
    // Time passes but the market does not trade (its step is not run): the entry is the last trade at closeTime.
    ts.clock.advance(30_001);
    expect(ts.seconds.settleDue(ts.clock.now())).toBeGreaterThanOrEqual(1);
    const s = await orderOf(o.id, u.token);
    expect(s).toMatchObject({
      status: 'settled',
      result: 'draw',
      payout: '50',
      exit: o.entry,
      closePrice: o.openPrice,
    });
    expect(usdt(u.id)).toEqual({ available: '50', frozen: '0' });
    expect(
      ts.ctx.db.prepare("SELECT state FROM ledger_holds WHERE kind = 'second_open' AND ref = ?").get(String(o.id)),
    ).toEqual({ state: 'released' });
    expect(books().problems).toBe(0);
  });
});

describe('[SEC-5][SEC-7] reproduced from the published trades', () => {
  it('300 random contracts on the live simulator: each exit, result and payout equals an independent reading of the capture', async () => {
    const u = await user('1000000');
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const symbols = ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt', 'xrpusdt', 'adausdt', 'bnbusdt', 'ltcusdt'];
    const periods = [30, 60, 120, 180, 300];
    const opened: SecondOrder[] = [];
    for (let i = 0; i < 300; i++) {
      const r = await create(u.token, {
        symbol: symbols[Math.floor(rand() * symbols.length)],
        direction: rand() < 0.5 ? 'up' : 'down',
        amount: (10 + Math.floor(rand() * 9000) / 100).toFixed(2),
        periodId: periodId(periods[Math.floor(rand() * periods.length)]),
      });
      expect(r.body.code, r.body.msg).toBe(200);
      opened.push(r.body.data);
      // Uneven steps: some contracts close exactly on a market step (many trades in that ms), others between steps.
      await run(1 + Math.floor(rand() * 400), 1 + Math.floor(rand() * 60));
    }
    // Then on to each closeTime: every other one gets a market step exactly at it (trades stamped at closeTime
    // count), the others a step just after it (those trades do not).
    const closes = [...new Set(opened.map((o) => o.closeTime))].sort((a, b) => a - b);
    for (const [i, c] of closes.entries()) {
      const target = i % 2 === 0 ? c : c + 3;
      if (target > ts.clock.now()) await run(target - ts.clock.now(), 500);
    }
    await run(1_000);
    const all = new Map<number, SecondOrder>();
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const page = await ts.call(tradingApi.selectSecondOrders, { token: u.token, body: { pageSize: 100, pageNum } });
      expect(page.data.total).toBe(300);
      for (const o of page.data.rows) all.set(o.id, o);
    }
    expect(all.size).toBe(300);
    const count = { win: 0, lose: 0, draw: 0, closeOnTrade: 0, sameMsExit: 0 };
    for (const o of opened) {
      const s = all.get(o.id)!;
      const exit = expectedExit(o);
      const result = expectedResult(o, exit.price);
      const stake = new Decimal(o.amount);
      const payout = result === 'win' ? stake.plus(stake.times(o.ratio)) : result === 'draw' ? stake : new Decimal(0);
      expect(s).toMatchObject({ status: 'settled', exit, closePrice: exit.price, result, payout: payout.toFixed() });
      expect(s.settleTime!).toBeGreaterThan(s.closeTime);
      count[result]++;
      const list = published.get(o.symbol)!;
      if (list.some((t) => t.ts === o.closeTime)) count.closeOnTrade++;
      if (list.filter((t) => t.ts === exit.time).length > 1) count.sameMsExit++;
    }
    expect(count.win).toBeGreaterThan(50);
    expect(count.lose).toBeGreaterThan(50);
    expect(count.closeOnTrade).toBeGreaterThan(10);
    expect(count.sameMsExit).toBeGreaterThan(10);
    expect(usdt(u.id).frozen).toBe('0');
    expect(books().problems).toBe(0);
  });
});

describe('[SEC-6] a settlement that fails', () => {
  it('is rolled back whole, leaves the contract open and does not hold up the others', async () => {
    const u = await user('100');
    await run(100);
    const body = { symbol: 'btcusdt', direction: 'up', amount: '10', periodId: periodId(30) };
    const broken = (await create(u.token, body)).body.data as SecondOrder;
    const fine = (await create(u.token, body)).body.data as SecondOrder;
    // Break the first: its hold is released behind the module's back, so settling it must fail.
    const hold = ts.ctx.db
      .prepare("SELECT id FROM ledger_holds WHERE kind = 'second_open' AND ref = ?")
      .get(String(broken.id)) as { id: number };
    ts.ledger.release(hold.id, { kind: 'spot_release', ref: String(broken.id), userId: u.id });
    const journalBefore = journal('second_settle') + journal('second_payout') + journal('second_draw');
    await run(30_100);
    expect((await orderOf(fine.id, u.token)).status).toBe('settled');
    const b = await orderOf(broken.id, u.token);
    expect(b).toMatchObject({ status: 'open', result: null, exit: null });
    // Exactly the fine one's rows were written; nothing of the broken one.
    const written = journal('second_settle') + journal('second_payout') + journal('second_draw');
    const fineRows = (await orderOf(fine.id, u.token)).result === 'win' ? 2 : 1;
    expect(written - journalBefore).toBe(fineRows);
    expect(books().problems).toBe(0);
  });
});
