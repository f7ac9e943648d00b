/**
 * OPT-8: options open across a restart. Server A sells three options and stops; the 5-minute ones expire while
 * it is down, and server B settles them at its first job run from the persisted log of A's published trades; the
 * 15-minute one expires while server C runs and settles from C's trades. A fourth start settles nothing twice. An
 * independent capture of `market.onTrades` on every server reproduces each settlement; each server's books are
 * checked when it stops.
 */
import { describe, expect, it } from 'vitest';
import { optionsApi } from '../../../src/shared/api/options';
import { Decimal } from '../../../src/shared/decimal';
import type { OptionOrder } from '../../../src/shared/schemas/options';
import { fundedUser, restartingServers, runClock } from '../testing/fixtures';
import type { TestServer } from '../testing/harness';

const at = (h: number, m: number, s = 0) => Date.UTC(2026, 0, 1, h, m, s);
/** The servers of this file on one data folder, and every trade they publish, per symbol, in publication order. */
const { published, start } = restartingServers('options-restart');

const run = runClock;

const orders = async (ts: TestServer, token: string) =>
  (await ts.call(optionsApi.optionOrderList, { token, query: { pageSize: 100 } })).data.rows;
const payoutRows = (ts: TestServer) =>
  (ts.ctx.db.prepare("SELECT count(*) AS n FROM ledger_journal WHERE kind LIKE 'option_%'").get() as { n: number }).n;

/** The independent reading: the last published trade at or before expiry, and what it pays. */
function expected(o: OptionOrder) {
  let exit: { id: number; time: number; price: string } | undefined;
  for (const t of published.get(o.symbol) ?? []) if (t.ts <= o.expiry) exit = { id: t.id, time: t.ts, price: t.price };
  const diff = o.kind === 'call' ? new Decimal(exit!.price).minus(o.strike) : new Decimal(o.strike).minus(exit!.price);
  return { exit, payout: Decimal.max(0, diff).times(o.quantity).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6) };
}

describe('[OPT-8] options open across a restart', () => {
  it('[OPT-8] settle after it, at the last persisted trade at or before expiry, exactly once', async () => {
    const a = await start(at(12, 3, 50));
    const { token, id: userId } = await fundedUser(a, 'options-restart@example.com', '10000');
    await run(a, 1_000);
    const sell = async (symbol: string, kind: 'call' | 'put', tenor: number, strike: number, quantity: string) => {
      const c = (await a.call(optionsApi.optionChain, { query: { symbol } })).data;
      const e = c.expiries[tenor];
      const q = await a.post(
        optionsApi.optionQuote.path,
        { symbol, kind, expiry: e.expiry, strike: e.strikes[strike].strike, quantity },
        { satoken: token },
      );
      expect(q.body.code, q.body.msg).toBe(200);
      const r = await a.post(optionsApi.buyOption.path, { quoteId: q.body.data.quoteId }, { satoken: token });
      expect(r.body.code, r.body.msg).toBe(200);
      return r.body.data as OptionOrder;
    };
    const gap1 = await sell('btcusdt', 'call', 0, 2, '0.5');
    const gap2 = await sell('btcusdt', 'put', 0, 4, '0.5');
    const later = await sell('ethusdt', 'call', 1, 3, '2');
    expect([gap1.expiry, gap2.expiry, later.expiry]).toEqual([at(12, 5), at(12, 5), at(12, 15)]);
    await run(a, 1_000);
    const stoppedAt = a.clock.now();
    await a.stop(true);

    // Down until 12:06: the 5-minute options expire meanwhile.
    const b = await start(at(12, 6));
    for (const o of await orders(b, token)) expect(o.status, `option ${o.id}`).toBe('open');
    await run(b, 100);
    let now = await orders(b, token);
    for (const o of [gap1, gap2]) {
      const s = now.find((x) => x.id === o.id)!;
      const want = expected(o);
      expect(s).toMatchObject({
        status: 'settled',
        exit: want.exit,
        settlePrice: want.exit!.price,
        payout: want.payout,
      });
      // one of A's trades: nothing was published while the server was down
      expect(s.exit!.time).toBeLessThanOrEqual(stoppedAt);
      expect(s.settleTime!).toBeGreaterThan(at(12, 6));
    }
    expect(now.find((x) => x.id === later.id)!.status).toBe('open');
    await run(b, 1_000);
    await b.stop(true);

    // C runs across 12:15: the 15-minute option settles from C's own trades.
    const c = await start(at(12, 14, 50));
    await run(c, 10_000);
    expect((await orders(c, token)).find((x) => x.id === later.id)!.status).toBe('open');
    await run(c, 200, 10);
    now = await orders(c, token);
    const s = now.find((x) => x.id === later.id)!;
    const want = expected(later);
    expect(s).toMatchObject({ status: 'settled', exit: want.exit, payout: want.payout });
    expect(s.exit!.time).toBeGreaterThanOrEqual(at(12, 14, 50));
    const balance = new Decimal(10000)
      .minus(new Decimal(gap1.premium).plus(gap1.fee))
      .minus(new Decimal(gap2.premium).plus(gap2.fee))
      .minus(new Decimal(later.premium).plus(later.fee))
      .plus(now.reduce((sum, o) => sum.plus(o.payout!), new Decimal(0)));
    expect(c.ledger.balance(userId, 'platform', 'USDT').available).toBe(balance.toFixed());
    const rows = payoutRows(c);
    await c.stop(true);

    // A fourth start: everything was settled once; nothing moves again.
    const d = await start(at(12, 20));
    await run(d, 1_000);
    expect(payoutRows(d)).toBe(rows);
    expect((await orders(d, token)).map((o) => o.status)).toEqual(['settled', 'settled', 'settled']);
    await d.stop(true);
  });
});
