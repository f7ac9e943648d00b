/** Open spot orders across a restart (SPOT-11): back in the book, oldest first, their holds intact. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tradingApi } from '../../../src/shared/api/trading';
import { userApi } from '../../../src/shared/api/user';
import { Decimal } from '../../../src/shared/decimal';
import { DEMO } from '../identity/demo';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { startTestServer } from '../testing/harness';

const dir = mkdtempSync(join(tmpdir(), 'spot-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('[SPOT-11] open orders survive a restart', () => {
  it('an open order is back in the book after a restart, with its hold, and cancels', async () => {
    const a = await startTestServer({ clock: 'manual', dataDir: dir });
    for (let t = 0; t < 1_000; t += 10) {
      a.clock.advance(10);
      a.ctx.scheduler.runDue(a.clock.now());
    }
    const login = async (s: typeof a) =>
      (await s.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } })).data.satoken;
    const price = new Decimal(a.ctx.market.books.best('btcusdt').bestBid!).times('0.7').toDecimalPlaces(2).toFixed(2);
    const r = await a.call(tradingApi.submitSpotOrder, {
      token: await login(a),
      body: { symbol: 'btcusdt', side: 'buy', type: 'limit', price, amount: '0.002' },
    });
    expect(r.data.status).toBe('open');
    const demoId = (a.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.account) as { id: number }).id;
    const frozen = a.ledger.balance(demoId, 'platform', 'USDT').frozen;
    expect(frozen).not.toBe('0');
    await a.stop(true);

    const b = await startTestServer({ clock: 'manual', dataDir: dir });
    try {
      const depth = b.ctx.market.books.depth('btcusdt', 500)!;
      expect(depth.bids.some(([p]) => p === price)).toBe(true);
      const token = await login(b);
      const open = await b.call(tradingApi.spotOrderList, { token, query: { status: 'open' } });
      expect(open.data.rows.map((o) => o.id)).toContain(r.data.id);
      expect(b.ledger.balance(demoId, 'platform', 'USDT').frozen).toBe(frozen);
      const c = await b.call(tradingApi.cancelSpotOrder, { token, query: { id: r.data.id } });
      expect(c.data.status).toBe('cancelled');
      expect(b.ctx.market.books.depth('btcusdt', 500)!.bids.some(([p]) => p === price)).toBe(false);
      expect(checkLedger(sqliteLedgerStore(b.ctx.db)).problems).toBe(0);
    } finally {
      await b.stop();
    }
  });
});
