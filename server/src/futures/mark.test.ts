/**
 * The audit’s sweep (FUT-3, FUT-11): one trader sweeping the thin book cannot liquidate another's
 * position, because the mark is the index plus a smoothed basis; the index moving past the liquidation price
 * does. One server on a manual clock; the mark job runs every second of market time, and a test also runs a
 * mark update right after the sweep (the worst moment: the sweep's last trade is the tape's last).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { futuresApi } from '../../../src/shared/api/futures';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import type { Trade } from '../../../src/shared/protocol';
import { liquidatesAt } from '../../../src/shared/trading/futuresRules';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { stepClock } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';

let ts: TestServer;
const SYMBOL = 'btcusdt';

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', env: { RATE_LIMIT_MAX: '1000000' } });
  step(5_000);
});
afterAll(() => ts.stop());

const step = (ms: number) => stepClock(ts, ms, 10);

let users = 0;
async function user(account: 'contract' | 'platform', coin: string, amount: string) {
  const email = `mark${++users}@example.com`;
  const token = await ts.signUp(email);
  const id = (ts.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  ts.ledger.post({
    kind: 'deposit',
    ref: `mark-test-${id}`,
    userId: id,
    entries: [
      { userId: id, account, coin, amount },
      { house: 'house:deposits', coin, amount: `-${amount}` },
    ],
  });
  return { id, token };
}

const spot = (token: string, body: unknown) => ts.post(tradingApi.submitSpotOrder.path, body, { satoken: token });
const futures = (token: string, body: unknown) => ts.post(futuresApi.submitFuturesOrder.path, body, { satoken: token });

describe('[FUT-3][FUT-11] the audit’s sweep', () => {
  it('[FUT-3][FUT-11] a 10 BTC sweep through the liquidation price does not liquidate while the index holds; the index moving past it does', async () => {
    // A: a 100x long. C: a spot bid resting below A's liquidation price (the thin book's next liquidity).
    const a = await user('contract', 'USDT', '10000');
    const open = await futures(a.token, {
      symbol: SYMBOL,
      side: 'long',
      action: 'open',
      type: 'market',
      shares: '100',
      leverage: 100,
    });
    expect(open.body.code, open.body.msg).toBe(200);
    const p = ts.futures.openPositions(a.id)[0];
    const liq = new Decimal(p.liquidationPrice);
    const c = await user('platform', 'USDT', '100000');
    const deep = liq.minus(50).toFixed(2);
    const bid = await spot(c.token, { symbol: SYMBOL, side: 'buy', type: 'limit', price: deep, amount: '1' });
    expect(bid.body.code, bid.body.msg).toBe(200);
    step(2_000);
    const before = ts.ctx.marks.current(SYMBOL)!;
    expect(liquidatesAt('long', p.liquidationPrice, before.price)).toBe(false);

    // B sells 10 BTC at market: the whole maker ladder, then C's bid, below A's liquidation price.
    const b = await user('platform', 'BTC', '10');
    const tape: Trade[] = [];
    const off = ts.ctx.market.onTrades((s, t) => void (s === SYMBOL && tape.push(...t)));
    const sweep = await spot(b.token, { symbol: SYMBOL, side: 'sell', type: 'market', amount: '10' });
    off();
    expect(sweep.body.code, sweep.body.msg).toBe(200);
    const last = tape[tape.length - 1];
    expect(last.price).toBe(deep);
    expect(liquidatesAt('long', p.liquidationPrice, last.price)).toBe(true);

    // The mark right after the sweep, and at every tick of the next 10 s: the index has not moved, A stays open.
    const index = ts.ctx.market.indexPrice(SYMBOL)!;
    const [tick] = ts.ctx.marks.update(ts.clock.now()).filter((t) => t.symbol === SYMBOL);
    expect(tick.tradeId).toBe(last.id);
    expect(tick.index).toBe(index);
    expect(liquidatesAt('long', p.liquidationPrice, tick.price)).toBe(false);
    const ticks = [tick];
    const offMark = ts.ctx.marks.onMark((t) => ticks.push(...t.filter((x) => x.symbol === SYMBOL)));
    step(10_000);
    offMark();
    expect(ticks.length).toBeGreaterThanOrEqual(10);
    for (const t of ticks) {
      expect(liquidatesAt('long', p.liquidationPrice, t.price)).toBe(false);
      const i = new Decimal(t.index);
      expect(new Decimal(t.price).minus(i).abs().lte(i.times(ts.ctx.config.mark.band))).toBe(true);
    }
    expect(ts.futures.openPositions(a.id).map((x) => x.id)).toEqual([p.id]);

    // The index (the external venues) falls 1 % past the liquidation price: the next mark tick liquidates A.
    const moved = liq.times('0.99').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    const real = ts.ctx.market.indexPrice.bind(ts.ctx.market);
    const spy = vi.spyOn(ts.ctx.market, 'indexPrice').mockImplementation((s) => (s === SYMBOL ? moved : real(s)));
    try {
      step(1_000);
    } finally {
      spy.mockRestore();
    }
    expect(ts.futures.openPositions(a.id)).toEqual([]);
    const done = await ts.call(futuresApi.positionList, { token: a.token, query: { status: 'closed' } });
    const row = done.data.rows.find((x) => x.id === p.id)!;
    expect(row.status).toBe('liquidated');
    expect(row.liquidation?.index).toBe(moved);
    expect(liquidatesAt('long', p.liquidationPrice, row.liquidation!.price)).toBe(true);
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });
});
