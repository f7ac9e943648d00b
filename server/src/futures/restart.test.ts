/** Open futures orders and positions across a restart (FUT-20): orders back in the book with their holds. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { futuresApi } from '../../../src/shared/api/futures';
import { userApi } from '../../../src/shared/api/user';
import { Decimal } from '../../../src/shared/decimal';
import { DEMO } from '../identity/demo';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { startTestServer } from '../testing/harness';

const dir = mkdtempSync(join(tmpdir(), 'futures-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('[FUT-20] futures survive a restart', () => {
  it('a resting order is back in the book with its hold, the position with its margin, and both still work', async () => {
    const a = await startTestServer({ clock: 'manual', dataDir: dir });
    for (let t = 0; t < 1_000; t += 10) {
      a.clock.advance(10);
      a.ctx.scheduler.runDue(a.clock.now());
    }
    a.ctx.marks.update(a.clock.now());
    const login = async (s: typeof a) =>
      (await s.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } })).data.satoken;
    const token = await login(a);
    const pos = await a.call(futuresApi.submitFuturesOrder, {
      token,
      body: { symbol: 'btcusdt', side: 'long', action: 'open', type: 'market', shares: '3', leverage: 20 },
    });
    expect(pos.data.status).toBe('filled');
    const price = new Decimal(a.ctx.market.books.best('btcusdt').bestBid!).times('0.7').toDecimalPlaces(2).toFixed(2);
    const r = await a.call(futuresApi.submitFuturesOrder, {
      token,
      body: {
        symbol: 'btcusdt',
        side: 'short',
        action: 'open',
        type: 'limit',
        price: new Decimal(price).times(2).toFixed(2),
        shares: '2',
        leverage: 10,
      },
    });
    expect(r.data.status).toBe('open');
    const demoId = (a.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.account) as { id: number }).id;
    const before = a.ledger.balance(demoId, 'contract', 'USDT');
    const positions = a.futures.openPositions(demoId);
    await a.stop(true);

    const b = await startTestServer({ clock: 'manual', dataDir: dir });
    try {
      const ask = new Decimal(price).times(2).toFixed(2);
      expect(b.ctx.market.books.depth('btcusdt', 500)!.asks.some(([p]) => p === ask)).toBe(true);
      expect(b.ledger.balance(demoId, 'contract', 'USDT')).toEqual(before);
      expect(b.futures.openPositions(demoId)).toEqual(positions);
      const t2 = await login(b);
      const c = await b.call(futuresApi.cancelFuturesOrder, { token: t2, query: { id: r.data.id } });
      expect(c.data.status).toBe('cancelled');
      expect(b.ctx.market.books.depth('btcusdt', 500)!.asks.some(([p]) => p === ask)).toBe(false);
      for (let t = 0; t < 1_000; t += 10) {
        b.clock.advance(10);
        b.ctx.scheduler.runDue(b.clock.now());
      }
      b.ctx.marks.update(b.clock.now());
      const closed = await b.call(futuresApi.closePosition, { token: t2, query: { id: positions[0].id } });
      expect(closed.data.status).toBe('filled');
      expect(b.ledger.balance(demoId, 'contract', 'USDT').frozen).toBe('0');
      expect(checkLedger(sqliteLedgerStore(b.ctx.db)).problems).toBe(0);
    } finally {
      await b.stop();
    }
  });
});
