/**
 * SEC-9: contracts open across a restart. Server A opens contracts and stops; time passes while it is down (one
 * contract's closeTime falls in that gap, another's after the restart); server B starts on the same data folder
 * later and settles each after its closeTime from the persisted log of A's (and then B's) published trades, as
 * an independent capture of `market.onTrades` on both servers reproduces. A third start settles nothing twice.
 * Each server's books are checked when it stops.
 */
import { describe, expect, it } from 'vitest';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import type { SecondOrder } from '../../../src/shared/schemas/trading';
import { creditUser, restartingServers, runClock } from '../testing/fixtures';
import type { TestServer } from '../testing/harness';

const T = Date.UTC(2026, 0, 1);
/** The servers of this file on one data folder, and every trade they publish, per symbol, in publication order. */
const { published, start } = restartingServers('seconds-restart');

const run = runClock;

const periodId = (ts: TestServer, seconds: number) =>
  (ts.ctx.db.prepare('SELECT id FROM second_periods WHERE seconds = ?').get(seconds) as { id: number }).id;
const orders = async (ts: TestServer, token: string) =>
  (await ts.call(tradingApi.selectSecondOrders, { token, body: { pageSize: 100 } })).data.rows;
const journalRows = (ts: TestServer) =>
  (ts.ctx.db.prepare("SELECT count(*) AS n FROM ledger_journal WHERE kind LIKE 'second_%'").get() as { n: number }).n;

/** The independent reading: the last published trade at or before closeTime (from the entry on). */
function expected(o: SecondOrder) {
  let exit = o.entry;
  for (const t of published.get(o.symbol) ?? [])
    if (t.ts >= o.entry.time && t.ts <= o.closeTime) exit = { id: t.id, time: t.ts, price: t.price };
  const c = new Decimal(exit.price).cmp(o.openPrice);
  const result = c === 0 ? 'draw' : c > 0 === (o.direction === 'up') ? 'win' : 'lose';
  const stake = new Decimal(o.amount);
  const payout = result === 'win' ? stake.plus(stake.times(o.ratio)) : result === 'draw' ? stake : new Decimal(0);
  return { exit, result, payout: payout.toFixed() };
}

describe('[SEC-9] contracts open across a restart', () => {
  it('settle after it, at their exit in the persisted log, exactly once', async () => {
    // Server A: four contracts; the 30 s one settles while A runs.
    const a = await start(T);
    const token = await a.signUp('restart@example.com');
    const userId = a.acc.sessions.resolve(token)!;
    creditUser(a, userId, '1000');
    await run(a, 2_000);
    const open = async (symbol: string, direction: string, seconds: number) => {
      const r = await a.post(
        tradingApi.createSecondOrder.path,
        { symbol, direction, amount: '20', periodId: periodId(a, seconds) },
        { satoken: token },
      );
      expect(r.body.code, r.body.msg).toBe(200);
      return r.body.data as SecondOrder;
    };
    const short = await open('solusdt', 'up', 30);
    const gap1 = await open('btcusdt', 'up', 60);
    const gap2 = await open('ethusdt', 'down', 60);
    const after = await open('btcusdt', 'down', 300);
    await run(a, 40_000);
    const atStop = await orders(a, token);
    expect(atStop.find((o) => o.id === short.id)!.status).toBe('settled');
    for (const o of [gap1, gap2, after]) expect(atStop.find((x) => x.id === o.id)!.status).toBe('open');
    const stoppedAt = a.clock.now();
    await a.stop(true);

    // Down for three minutes: gap1 and gap2 close meanwhile; `after` closes once B runs.
    const b = await start(stoppedAt + 180_000);
    expect(b.clock.now()).toBeGreaterThan(gap1.closeTime);
    // Before B's first job run nothing has been settled by B.
    for (const o of await orders(b, token)) if (o.id !== short.id) expect(o.status, `contract ${o.id}`).toBe('open');
    await run(b, 100);
    let now = await orders(b, token);
    for (const o of [gap1, gap2]) {
      const s = now.find((x) => x.id === o.id)!;
      const want = expected(o);
      expect(s.status).toBe('settled');
      expect(s.exit).toEqual(want.exit);
      expect(s.result).toBe(want.result);
      expect(s.payout).toBe(want.payout);
      // Its exit is one of A's trades: nothing was published while the server was down.
      expect(s.exit!.time).toBeLessThanOrEqual(stoppedAt);
      expect(s.settleTime!).toBeGreaterThan(stoppedAt + 180_000);
    }
    expect(now.find((x) => x.id === after.id)!.status).toBe('open');
    await run(b, after.closeTime - b.clock.now());
    expect((await orders(b, token)).find((x) => x.id === after.id)!.status).toBe('open');
    await run(b, 200, 10);
    now = await orders(b, token);
    const s = now.find((x) => x.id === after.id)!;
    const want = expected(after);
    expect(s).toMatchObject({ status: 'settled', exit: want.exit, result: want.result, payout: want.payout });
    expect(b.ledger.balance(userId, 'platform', 'USDT').frozen).toBe('0');
    const rows = journalRows(b);
    await b.stop(true);

    // A third start: everything was settled once; nothing moves again.
    const c = await start(b.clock.now() + 10_000);
    await run(c, 1_000);
    expect(journalRows(c)).toBe(rows);
    expect((await orders(c, token)).map((o) => o.status)).toEqual(['settled', 'settled', 'settled', 'settled']);
    await c.stop(true);
    // A hang guard above the project's 30 s: three server starts on one folder took about 20 s alone under load.
  }, 120_000);
});
