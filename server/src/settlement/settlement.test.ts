/**
 * SEC-14, OPT-16: one settlement job for second contracts and options, evidence on each row. One server on a
 * manual clock: options and second contracts settling at the same moment (12:05) on one pair, and a contract on
 * another pair; the one job settles them all in the same run right after that moment, never before; one log holds
 * each published trade once; each row's stored evidence (entry, exit, the time settled at) reproduces its exit by
 * the pure `settlementTrade` on the log and its outcome by the product's rule, and equals an independent reading of
 * the trades the market published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsApi } from '../../../src/shared/api/options';
import { recordsApi } from '../../../src/shared/api/records';
import { tradingApi } from '../../../src/shared/api/trading';
import type { Trade } from '../../../src/shared/protocol';
import type { OptionOrder } from '../../../src/shared/schemas/options';
import type { SecondOrder } from '../../../src/shared/schemas/trading';
import { optionPayout } from '../../../src/shared/trading/optionRules';
import { settleSecond } from '../seconds/settle';
import { captureTrades, fundedUser, runClock } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { SETTLE_EVERY_MS } from './job';
import { settlementTrade, type LoggedTrade } from './settle';
import { sqliteSettlementStore } from './store';

const at = (h: number, m: number, s = 0) => Date.UTC(2026, 0, 1, h, m, s);
let ts: TestServer;
let token: string;
/** Every trade the market published, per symbol, in publication order (captured independently of the module). */
const published = new Map<string, Trade[]>();

const run = (ms: number, stepMs?: number) => runClock(ts, ms, stepMs);

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: at(12, 3, 50) });
  captureTrades(ts, published);
  token = (await fundedUser(ts, 'settlement@example.com', '100000')).token;
  await run(1_000);
});
afterAll(() => ts.stop());

/** The independent reading: the last published trade with entry time <= time <= at (the entry when none). */
function expectedExit(symbol: string, entry: LoggedTrade, until: number): LoggedTrade {
  let exit = entry;
  for (const t of published.get(symbol) ?? [])
    if (t.ts >= entry.time && t.ts <= until) exit = { id: t.id, time: t.ts, price: t.price };
  return exit;
}

async function buy(symbol: string, kind: 'call' | 'put', strike: number): Promise<OptionOrder> {
  const c = (await ts.call(optionsApi.optionChain, { query: { symbol } })).data;
  const e = c.expiries[0];
  const q = await ts.post(
    optionsApi.optionQuote.path,
    { symbol, kind, expiry: e.expiry, strike: e.strikes[strike].strike, quantity: '0.5' },
    { satoken: token },
  );
  expect(q.body.code, q.body.msg).toBe(200);
  const r = await ts.post(optionsApi.buyOption.path, { quoteId: q.body.data.quoteId }, { satoken: token });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as OptionOrder;
}

async function open(symbol: string, direction: 'up' | 'down', seconds: number): Promise<SecondOrder> {
  const { id: periodId } = ts.ctx.db.prepare('SELECT id FROM second_periods WHERE seconds = ?').get(seconds) as {
    id: number;
  };
  const r = await ts.post(
    tradingApi.createSecondOrder.path,
    { symbol, direction, amount: '100', periodId },
    { satoken: token },
  );
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as SecondOrder;
}

const seconds = async () =>
  (await ts.call(tradingApi.selectSecondOrders, { token, body: { pageSize: 100 } })).data.rows;
const options = async () => (await ts.call(optionsApi.optionOrderList, { token, query: { pageSize: 100 } })).data.rows;

describe('[SEC-14][OPT-16] one settlement job, evidence on each row', () => {
  it('[SEC-14][OPT-16][SEC-5][OPT-6] settles both products in the same run right after their time, never before, from one log', async () => {
    const names = ts.ctx.scheduler.names();
    expect(names.filter((n) => n === 'settlement')).toHaveLength(1);
    expect(names).not.toContain('second-settle');
    expect(names).not.toContain('option-settle');

    const call = await buy('btcusdt', 'call', 2);
    const put = await buy('btcusdt', 'put', 4);
    expect([call.expiry, put.expiry]).toEqual([at(12, 5), at(12, 5)]);
    expect(call.entry).toBeDefined();
    const doge = await open('dogeusdt', 'up', 30);
    // the server's time exactly 12:04:00: a 60 s contract closes when the options expire
    await run(at(12, 4) - ts.clock.now());
    const up = await open('btcusdt', 'up', 60);
    const down = await open('btcusdt', 'down', 60);
    expect([up.closeTime, down.closeTime]).toEqual([at(12, 5), at(12, 5)]);

    await run(at(12, 4, 59) + 900 - ts.clock.now());
    await run(100, SETTLE_EVERY_MS);
    expect(ts.clock.now()).toBe(at(12, 5));
    // at the moment itself nothing of 12:05 is settled (a trade stamped exactly then still counts)
    for (const o of await seconds()) if (o.id !== doge.id) expect(o.status).toBe('open');
    for (const o of await options()) expect(o.status).toBe('open');
    // the doge contract (closed 12:04:20-ish) settled at the job's first run after its closeTime
    const d = (await seconds()).find((o) => o.id === doge.id)!;
    expect(d.status).toBe('settled');
    expect(d.settleTime!).toBeGreaterThan(d.closeTime);
    expect(d.settleTime! - d.closeTime).toBeLessThanOrEqual(100);

    // one job run, one step of SETTLE_EVERY_MS later: all four in the same run
    await run(SETTLE_EVERY_MS, SETTLE_EVERY_MS);
    const ss = (await seconds()).filter((o) => o.id !== doge.id);
    const os = await options();
    for (const o of [...ss, ...os]) {
      expect(o.status).toBe('settled');
      expect(o.settleTime).toBe(at(12, 5) + SETTLE_EVERY_MS);
    }

    // one log: each published btcusdt trade is there once, although both products watch the pair
    const dup = ts.ctx.db
      .prepare(
        `SELECT count(*) AS n FROM (SELECT tape_id, time FROM settlement_trades WHERE symbol = 'btcusdt'
         GROUP BY tape_id, time HAVING count(*) > 1)`,
      )
      .get() as { n: number };
    expect(dup.n).toBe(0);
  });

  it('[SEC-14][OPT-16][SEC-7] each row stored entry, exit and the time settled at; they reproduce its outcome by the pure function', async () => {
    const log = sqliteSettlementStore(ts.ctx.db);
    const settled = (await ts.call(tradingApi.secondRecords, { token, query: { pageSize: 100 } })).data.rows;
    expect(settled).toHaveLength(3);
    for (const o of settled) {
      const trades = log.trades(o.symbol);
      // the stored evidence, by the one pure function on the one log
      expect(settlementTrade(o.entry, o.closeTime, trades)).toEqual(o.exit);
      const again = settleSecond(
        { direction: o.direction, amount: o.amount, ratio: o.ratio, closeTime: o.closeTime, entry: o.entry },
        trades,
      );
      expect({ result: again.result, payout: again.payout, closePrice: again.exit.price }).toEqual({
        result: o.result,
        payout: o.payout,
        closePrice: o.closePrice,
      });
      // and the independent reading of what the market published
      expect(o.exit).toEqual(expectedExit(o.symbol, o.entry, o.closeTime));
    }
    const records = (await ts.call(recordsApi.optionRecords, { token, query: { pageSize: 100 } })).data.rows;
    expect(records).toHaveLength(2);
    for (const o of records) {
      const entry = o.entry!;
      expect(entry.time).toBeLessThanOrEqual(o.createTime);
      expect(settlementTrade(entry, o.expiry, log.trades(o.symbol))).toEqual(o.exit);
      expect(o.settlePrice).toBe(o.exit!.price);
      expect(optionPayout(o.kind, o.strike, o.exit!.price, o.quantity)).toBe(o.payout);
      expect(o.exit).toEqual(expectedExit(o.symbol, entry, o.expiry));
    }
  });
});
