/**
 * SEC-14, OPT-16 (with SEC-9, OPT-8): rows of both products due while the server was down settle on start from the
 * one log. Server A sells options and opens second contracts on one pair and stops before any is due; server B
 * starts after all of them and settles every one at its first job run, each at the last trade A published at or
 * before its time (an independent capture reproduces it, and so does the pure `settlementTrade` on the stored
 * entry and the log). A third start settles nothing twice. Each server's books are checked when it stops.
 */
import { describe, expect, it } from 'vitest';
import { optionsApi } from '../../../src/shared/api/options';
import { tradingApi } from '../../../src/shared/api/trading';
import type { OptionOrder } from '../../../src/shared/schemas/options';
import type { SecondOrder } from '../../../src/shared/schemas/trading';
import { fundedUser, restartingServers, runClock } from '../testing/fixtures';
import type { TestServer } from '../testing/harness';
import { SETTLE_EVERY_MS } from './job';
import { settlementTrade, type LoggedTrade } from './settle';
import { sqliteSettlementStore } from './store';

const at = (h: number, m: number, s = 0) => Date.UTC(2026, 0, 1, h, m, s);
/** The servers of this file on one data folder, and every trade they publish, per symbol, in publication order. */
const { published, start } = restartingServers('settlement-restart');

const run = runClock;

function expectedExit(symbol: string, entry: LoggedTrade, until: number): LoggedTrade {
  let exit = entry;
  for (const t of published.get(symbol) ?? [])
    if (t.ts >= entry.time && t.ts <= until) exit = { id: t.id, time: t.ts, price: t.price };
  return exit;
}

const settleRows = (ts: TestServer) =>
  (
    ts.ctx.db
      .prepare("SELECT count(*) AS n FROM ledger_journal WHERE kind LIKE 'second_%' OR kind LIKE 'option_%'")
      .get() as { n: number }
  ).n;

describe('[SEC-14][OPT-16] rows due while the server was down', () => {
  it('[SEC-14][OPT-16][SEC-9][OPT-8] settle at the first run after the start, from the one log, exactly once', async () => {
    const a = await start(at(12, 3, 50));
    const { token } = await fundedUser(a, 'settlement-restart@example.com', '100000');
    await run(a, 1_000);
    const c = (await a.call(optionsApi.optionChain, { query: { symbol: 'ethusdt' } })).data.expiries[0];
    const bought: OptionOrder[] = [];
    for (const [kind, strike] of [
      ['call', 2],
      ['put', 4],
    ] as const) {
      const q = await a.post(
        optionsApi.optionQuote.path,
        { symbol: 'ethusdt', kind, expiry: c.expiry, strike: c.strikes[strike].strike, quantity: '1' },
        { satoken: token },
      );
      expect(q.body.code, q.body.msg).toBe(200);
      const r = await a.post(optionsApi.buyOption.path, { quoteId: q.body.data.quoteId }, { satoken: token });
      expect(r.body.code, r.body.msg).toBe(200);
      bought.push(r.body.data as OptionOrder);
    }
    const { id: periodId } = a.ctx.db.prepare('SELECT id FROM second_periods WHERE seconds = 60').get() as {
      id: number;
    };
    const opened: SecondOrder[] = [];
    for (const direction of ['up', 'down'] as const) {
      await run(a, 500);
      const r = await a.post(
        tradingApi.createSecondOrder.path,
        { symbol: 'ethusdt', direction, amount: '100', periodId },
        { satoken: token },
      );
      expect(r.body.code, r.body.msg).toBe(200);
      opened.push(r.body.data as SecondOrder);
    }
    await run(a, 2_000);
    const stoppedAt = a.clock.now();
    expect(Math.min(...bought.map((o) => o.expiry), ...opened.map((o) => o.closeTime))).toBeGreaterThan(stoppedAt);
    await a.stop(true);

    // Down until 12:06: every option expired and every contract closed meanwhile.
    const b = await start(at(12, 6));
    const seconds = async () =>
      (await b.call(tradingApi.selectSecondOrders, { token, body: { pageSize: 100 } })).data.rows;
    const options = async () =>
      (await b.call(optionsApi.optionOrderList, { token, query: { pageSize: 100 } })).data.rows;
    for (const o of [...(await seconds()), ...(await options())]) expect(o.status).toBe('open');
    await run(b, SETTLE_EVERY_MS, SETTLE_EVERY_MS);
    const log = sqliteSettlementStore(b.ctx.db);
    for (const o of await seconds()) {
      expect(o.status).toBe('settled');
      expect(o.settleTime).toBe(at(12, 6) + SETTLE_EVERY_MS);
      expect(o.exit).toEqual(expectedExit(o.symbol, o.entry, o.closeTime));
      expect(o.exit!.time).toBeLessThanOrEqual(stoppedAt);
      expect(settlementTrade(o.entry, o.closeTime, log.trades(o.symbol))).toEqual(o.exit);
    }
    for (const o of await options()) {
      expect(o.status).toBe('settled');
      expect(o.settleTime).toBe(at(12, 6) + SETTLE_EVERY_MS);
      expect(o.exit).toEqual(expectedExit(o.symbol, o.entry!, o.expiry));
      expect(o.exit!.time).toBeLessThanOrEqual(stoppedAt);
      expect(settlementTrade(o.entry!, o.expiry, log.trades(o.symbol))).toEqual(o.exit);
    }
    const rows = settleRows(b);
    await run(b, 1_000);
    await b.stop(true);

    // A third start: everything was settled once; nothing moves again.
    const d = await start(at(12, 10));
    await run(d, 1_000);
    expect(settleRows(d)).toBe(rows);
    await d.stop(true);
  });
});
