/**
 * The daily run across a restart (FIN-7): a run on the same day after a restart pays nothing again; a run after
 * downtime pays every missed day once; a failing interest listener rolls its holding's day back, and the next run
 * pays it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { financeApi } from '../../../src/shared/api/finance';
import { userApi } from '../../../src/shared/api/user';
import { Decimal } from '../../../src/shared/decimal';
import { dailyInterest } from '../../../src/shared/earn/financeRules';
import { DEMO } from '../identity/demo';
import { startTestServer } from '../testing/harness';

const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 10, 12, 0);
const dir = mkdtempSync(join(tmpdir(), 'finance-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('[FIN-7] the daily run survives a restart', () => {
  it('pays each day once, before and after, and retries a day whose listener failed', async () => {
    const a = await startTestServer({ clock: 'manual', clockStart: START, dataDir: dir });
    const login = async (s: typeof a) =>
      (await s.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } })).data.satoken;
    const id = (a.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.account) as { id: number }).id;
    a.ledger.post({
      kind: 'deposit',
      ref: 'fin-restart',
      userId: id,
      entries: [
        { userId: id, account: 'platform', coin: 'USDT', amount: '1000' },
        { house: 'house:deposits', coin: 'USDT', amount: '-1000' },
      ],
    });
    const productId = (
      a.ctx.db.prepare("SELECT id FROM finance_products WHERE name = 'USDT Flexible'").get() as {
        id: number;
      }
    ).id;
    const r = await a.call(financeApi.financeSubscribe, {
      token: await login(a),
      body: { productId, amount: '500', autoRenew: false },
    });
    expect(r.msg).toBe('success');
    const daily = dailyInterest('500', '0.03', 'USDT');
    a.clock.advance(3 * DAY);
    expect(a.finance.runDaily(a.clock.now())).toBe(2);
    const after = a.ledger.balance(id, 'platform', 'USDT').available;
    const now = a.clock.now();
    await a.stop(true);

    const b = await startTestServer({ clock: 'manual', clockStart: now, dataDir: dir });
    expect(b.finance.runDaily(now)).toBe(0);
    b.ctx.scheduler.runDue(now + 20_000);
    expect(b.ledger.balance(id, 'platform', 'USDT').available).toBe(after);
    // A listener that fails: the day is rolled back (nothing paid, no row), the next run pays it.
    const off = b.finance.onInterest(() => {
      throw new Error('listener down');
    });
    b.clock.advance(DAY);
    expect(b.finance.runDaily(b.clock.now())).toBe(0);
    expect(b.ledger.balance(id, 'platform', 'USDT').available).toBe(after);
    off();
    expect(b.finance.runDaily(b.clock.now())).toBe(1);
    // Downtime of five days: one run pays the five missed days.
    b.clock.advance(5 * DAY);
    expect(b.finance.runDaily(b.clock.now())).toBe(5);
    expect(b.ledger.balance(id, 'platform', 'USDT').available).toBe(
      new Decimal(after).plus(new Decimal(daily).times(6)).toFixed(),
    );
    await b.stop(true);
  });
});
