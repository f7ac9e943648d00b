/**
 * Finance products over HTTP against the whole server (FIN-*): the subscription rules, idempotency, concurrent
 * subscriptions, redemption before and after maturity, renewal, catch-up after downtime, the history and the
 * summary, and a property over random sequences. One server on a manual clock; the books are checked at stop.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { financeApi } from '../../../src/shared/api/finance';
import { userApi } from '../../../src/shared/api/user';
import { Decimal } from '../../../src/shared/decimal';
import { dailyInterest } from '../../../src/shared/earn/financeRules';
import { readSetting, writeSetting } from '../db/settingsStore';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { fundedUser, serverForFile } from '../testing/fixtures';

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1, 15, 0);
const ts = serverForFile({ clock: 'manual', clockStart: START, env: { RATE_LIMIT_MAX: '1000000' } });
beforeEach(() => setting({ useEnable: true, settlementType: 1, settlementDay: 1 }));

let users = 0;
const user = (usdt: string) => fundedUser(ts, `fin${++users}@example.com`, usdt, { via: 'deposit' });

function setting(patch: Record<string, unknown>): void {
  const db = ts.ctx.db;
  writeSetting(
    db,
    'MING_SETTLEMENT_SETTING',
    { ...readSetting(db, 'MING_SETTLEMENT_SETTING'), ...patch },
    ts.clock.now(),
  );
}
const productId = (name: string) =>
  (ts.ctx.db.prepare('SELECT id FROM finance_products WHERE name = ?').get(name) as { id: number }).id;
const sub = (token: string, body: unknown, key?: string) =>
  ts.post(financeApi.financeSubscribe.path, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });
const redeem = (token: string, holdingId: number) =>
  ts.post(financeApi.financeRedeem.path, { holdingId }, { satoken: token });
const platform = (id: number) => ts.ledger.balance(id, 'platform', 'USDT');
const finance = (id: number) => ts.ledger.balance(id, 'finance', 'USDT');
const holdingCount = (id: number) =>
  (ts.ctx.db.prepare('SELECT count(*) AS n FROM finance_holdings WHERE user_id = ?').get(id) as { n: number }).n;
/** Moves the clock `n` days (the test's sessions kept alive, as if used daily) and runs the daily settlement. */
const days = (n: number) => {
  ts.ctx.db.prepare('UPDATE sessions SET expires_at = expires_at + ?').run(n * DAY);
  ts.clock.advance(n * DAY);
  return ts.finance.runDaily(ts.clock.now());
};

describe('[FIN-1] products', () => {
  it('disclose rate, term, limits, quota left, redemption rule, settlement and whether open', async () => {
    const r = await ts.call(financeApi.financeProducts, { query: { coin: 'usdt' } });
    expect(r.data.map((p) => p.name)).toEqual(['USDT Flexible', 'USDT 7 days', 'USDT 30 days', 'USDT 90 days']);
    const p90 = r.data[3];
    expect(p90).toMatchObject({ kind: 'fixed', termDays: 90, apr: '0.12', minAmount: '10', maxAmount: '100000' });
    expect(p90).toMatchObject({ earlyRedeem: 'none', autoRenewAllowed: true, settlementType: 1, settlementDay: 1 });
    expect(p90.open).toBe(true);
    const fixed = await ts.call(financeApi.financeProducts, { query: { kind: 'fixed' } });
    expect(fixed.data.every((p) => p.kind === 'fixed' && p.termDays > 0)).toBe(true);
    const one = await ts.call(financeApi.financeProduct, { query: { id: productId('ETH 30 days') } });
    expect(one.data).toMatchObject({ coin: 'ETH', apr: '0.04', earlyRedeem: 'forfeit' });
    expect((await ts.call(financeApi.financeProduct, { query: { id: 999 } })).msg).toBe('No such product');
  });
});

describe('[FIN-2] [FIN-6] every subscription rule refuses over HTTP with its message', () => {
  it('changes nothing', async () => {
    const u = await user('100');
    const flex = productId('USDT Flexible');
    const cases: [unknown, string][] = [
      [{ productId: 999, amount: '20' }, 'No such product'],
      [{ productId: flex, amount: '0' }, 'Enter an amount'],
      [{ productId: flex, amount: 'abc' }, 'amount: Amount must be a number, e.g. 12.5'],
      [{ productId: flex, amount: '10.123456789' }, 'At most 6 decimals for USDT'],
      [{ productId: flex, amount: '10.1234567' }, 'At most 6 decimals for USDT'],
      [{ productId: flex, amount: '9.99' }, 'The minimum is 10 USDT'],
      [{ productId: flex, amount: '100000.01' }, 'At most 100000 USDT per user (you hold 0)'],
      [{ productId: flex, amount: '100.01' }, 'Insufficient USDT balance in the platform account'],
    ];
    for (const [body, msg] of cases) {
      const r = await sub(u.token, body);
      expect(r.body.msg, JSON.stringify(body)).toContain(msg);
      expect(r.body.code).not.toBe(200);
    }
    // The quota left, and the products closed by the setting.
    ts.ctx.db.prepare("UPDATE finance_products SET quota = '50' WHERE id = ?").run(flex);
    expect((await sub(u.token, { productId: flex, amount: '60' })).body.msg).toBe('Only 50 USDT of the quota is left');
    ts.ctx.db.prepare("UPDATE finance_products SET quota = '1000000' WHERE id = ?").run(flex);
    setting({ useEnable: false });
    expect((await sub(u.token, { productId: flex, amount: '20' })).body.msg).toBe(
      'This product is not open for subscription',
    );
    const closed = await ts.call(financeApi.financeProducts, {});
    expect(closed.data.every((p) => !p.open)).toBe(true);
    expect(platform(u.id)).toEqual({ available: '100', frozen: '0' });
    expect(finance(u.id)).toEqual({ available: '0', frozen: '0' });
    expect(holdingCount(u.id)).toBe(0);
  });

  it('the most per user counts the holdings already in the product', async () => {
    const u = await user('200000');
    const flex = productId('USDT Flexible');
    expect((await sub(u.token, { productId: flex, amount: '60000' })).body.code).toBe(200);
    expect((await sub(u.token, { productId: flex, amount: '40000.01' })).body.msg).toBe(
      'At most 100000 USDT per user (you hold 60000)',
    );
  });
});

describe('[FIN-6] subscribing', () => {
  it('moves the amount into the finance account under a hold, journaled; getFinanceAmount shows it', async () => {
    const u = await user('1000');
    const r = await sub(u.token, { productId: productId('USDT 30 days'), amount: '250.5', autoRenew: true });
    expect(r.body.code).toBe(200);
    const h = r.body.data;
    expect(h).toMatchObject({ principal: '250.5', status: 'active', autoRenew: true, redeemable: true });
    expect(h.interestFrom).toBe(Date.UTC(2026, 2, 2));
    expect(h.maturesAt).toBe(Date.UTC(2026, 2, 2) + 30 * DAY);
    expect(platform(u.id).available).toBe('749.5');
    expect(finance(u.id)).toEqual({ available: '0', frozen: '250.5' });
    const amt = await ts.call(userApi.getFinanceAmount, { token: u.token });
    expect(amt.data).toEqual({ coin: 'USDT', amount: '250.5' });
    const kinds = ts.ctx.db
      .prepare("SELECT kind FROM ledger_journal WHERE ref = ? AND kind LIKE 'finance_%' ORDER BY id")
      .all(`holding ${h.id}`)
      .map((x) => (x as { kind: string }).kind);
    expect(kinds).toEqual(['finance_subscribe', 'finance_lock']);
  });

  it('the same Idempotency-Key twenty times makes one holding', async () => {
    const u = await user('1000');
    const body = { productId: productId('USDT Flexible'), amount: '100' };
    const replies = await Promise.all(Array.from({ length: 20 }, () => sub(u.token, body, 'fin-key-1')));
    const ids = new Set(replies.map((r) => r.body.data?.id));
    expect(ids.size).toBe(1);
    expect(holdingCount(u.id)).toBe(1);
    expect(platform(u.id).available).toBe('900');
  });

  it('concurrent subscriptions beyond the balance never go negative', async () => {
    const u = await user('100');
    const body = { productId: productId('USDT Flexible'), amount: '30' };
    const replies = await Promise.all(Array.from({ length: 10 }, () => sub(u.token, body)));
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(3);
    for (const r of replies.filter((x) => x.body.code !== 200))
      expect(r.body.msg).toBe('Insufficient USDT balance in the platform account');
    expect(platform(u.id)).toEqual({ available: '10', frozen: '0' });
    expect(finance(u.id)).toEqual({ available: '0', frozen: '90' });
  });
});

describe('[FIN-5] redemption', () => {
  it('a flexible holding any time: principal back, interest paid to the last ended day', async () => {
    const u = await user('1000');
    const h = (await sub(u.token, { productId: productId('USDT Flexible'), amount: '365' })).body.data;
    days(3); // the subscription day earns nothing (settlementDay 1); two ended days since
    const r = await redeem(u.token, h.id);
    expect(r.body.code).toBe(200);
    const daily = dailyInterest('365', '0.03', 'USDT');
    expect(daily).toBe('0.030000');
    expect(r.body.data).toMatchObject({ principal: '365', interest: '0', forfeited: '0' });
    expect(r.body.data.holding).toMatchObject({ status: 'redeemed', paid: '0.06', redeemable: false });
    expect(platform(u.id)).toEqual({ available: '1000.06', frozen: '0' });
    expect(finance(u.id)).toEqual({ available: '0', frozen: '0' });
    expect((await redeem(u.token, h.id)).body.msg).toBe('This holding has already been redeemed');
    const other = await user('10');
    expect((await redeem(other.token, h.id)).body.msg).toBe('No such holding');
  });

  it('a fixed holding with the forfeit rule early: principal back, accrued interest given up', async () => {
    setting({ settlementType: 2 });
    const u = await user('1000');
    const h = (await sub(u.token, { productId: productId('USDT 30 days'), amount: '365' })).body.data;
    days(5);
    const before = (await ts.call(financeApi.financeHoldings, { token: u.token })).data.rows[0];
    expect(before.accrued).toBe(new Decimal(dailyInterest('365', '0.08', 'USDT')).times(4).toFixed());
    const r = await redeem(u.token, h.id);
    expect(r.body.data).toMatchObject({ principal: '365', interest: '0', forfeited: before.accrued });
    expect(platform(u.id).available).toBe('1000');
    expect(r.body.data.holding).toMatchObject({ accrued: '0', paid: '0' });
  });

  it('a fixed holding with the none rule is refused with its maturity date, then returns at maturity', async () => {
    const u = await user('1000');
    const h = (await sub(u.token, { productId: productId('USDT 90 days'), amount: '100' })).body.data;
    expect(h.redeemable).toBe(false);
    const date = new Date(h.maturesAt).toISOString().slice(0, 10);
    const r = await redeem(u.token, h.id);
    expect(r.body.msg).toBe(`This product cannot be redeemed before it matures on ${date}`);
    expect(finance(u.id)).toEqual({ available: '0', frozen: '100' });
    days(91);
    const ended = (await ts.call(financeApi.financeHoldings, { token: u.token, query: { status: 'ended' } })).data;
    expect(ended.rows[0]).toMatchObject({ id: h.id, status: 'matured' });
    expect(ended.rows[0].paid).toBe(new Decimal(dailyInterest('100', '0.12', 'USDT')).times(90).toFixed());
    expect(platform(u.id).available).toBe(new Decimal(1000).plus(ended.rows[0].paid).toFixed());
    expect((await redeem(u.token, h.id)).body.msg).toMatch(
      /^This holding matured on .*: its principal and interest are back in your platform account$/,
    );
  });
});

describe('[FIN-8] maturity and renewal', () => {
  it('auto-renew on: a new term on the same principal; off: the principal returns at maturity', async () => {
    const u = await user('1000');
    const renewing = (await sub(u.token, { productId: productId('USDT 7 days'), amount: '100', autoRenew: true })).body
      .data;
    const plain = (await sub(u.token, { productId: productId('USDT 7 days'), amount: '200' })).body.data;
    const flexOff = await ts.post(
      financeApi.financeAutoRenew.path,
      {
        holdingId: (await sub(u.token, { productId: productId('USDT Flexible'), amount: '10' })).body.data.id,
        autoRenew: true,
      },
      { satoken: u.token },
    );
    expect(flexOff.body.msg).toBe('A flexible holding has no term to renew');
    days(8);
    const active = (await ts.call(financeApi.financeHoldings, { token: u.token })).data.rows;
    const r = active.find((x) => x.id === renewing.id)!;
    expect(r.maturesAt).toBe(renewing.maturesAt + 7 * DAY);
    expect(active.find((x) => x.id === plain.id)).toBeUndefined();
    expect(finance(u.id).frozen).toBe('110');
    // Turned off, the next maturity returns it.
    const off = await ts.post(
      financeApi.financeAutoRenew.path,
      { holdingId: renewing.id, autoRenew: false },
      { satoken: u.token },
    );
    expect(off.body.data.autoRenew).toBe(false);
    days(7);
    expect(finance(u.id).frozen).toBe('10');
    const hist = (await ts.call(financeApi.financeHistory, { token: u.token, query: { pageSize: 100 } })).data;
    const kinds = hist.rows.filter((e) => e.holdingId === renewing.id).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'renew')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'mature')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'interest')).toHaveLength(14);
    expect(kinds.at(-1)).toBe('subscribe');
    const onlyRenew = await ts.call(financeApi.financeHistory, { token: u.token, query: { kind: 'renew' } });
    expect(onlyRenew.data.total).toBe(1);
  });
});

describe('[FIN-8] renewal when the products are closed', () => {
  it('does not renew: the principal returns with the accrued interest', async () => {
    setting({ settlementType: 2 });
    const u = await user('1000');
    const h = (await sub(u.token, { productId: productId('USDT 7 days'), amount: '365', autoRenew: true })).body.data;
    setting({ useEnable: false });
    days(8);
    const ended = (await ts.call(financeApi.financeHoldings, { token: u.token, query: { status: 'ended' } })).data;
    const interest = new Decimal(dailyInterest('365', '0.05', 'USDT')).times(7);
    expect(ended.rows[0]).toMatchObject({ id: h.id, status: 'matured', accrued: '0', paid: interest.toFixed() });
    expect(platform(u.id).available).toBe(interest.plus(1000).toFixed());
    expect(finance(u.id).frozen).toBe('0');
  });
});

describe('[FIN-7] the daily run', () => {
  it('after downtime pays every missed day in one run; the summary shows yesterday', async () => {
    const u = await user('1000');
    await sub(u.token, { productId: productId('USDT Flexible'), amount: '730' });
    ts.ctx.db.prepare('UPDATE sessions SET expires_at = expires_at + ?').run(10 * DAY);
    ts.clock.advance(10 * DAY);
    const now = ts.clock.now();
    const paid = ts.finance.runDaily(now);
    expect(paid).toBeGreaterThanOrEqual(9);
    expect(ts.finance.runDaily(now)).toBe(0);
    const sum = (await ts.call(financeApi.financeSummary, { token: u.token })).data.rows;
    const usdt = sum.find((x) => x.coin === 'USDT')!;
    expect(usdt).toMatchObject({ principal: '730', accrued: '0', yesterday: '0.06' });
    expect(usdt.paid).toBe('0.54');
    expect(ts.finance.holdingsOf(u.id)).toEqual([{ coin: 'USDT', principal: '730' }]);
  });
});

describe('[FIN-7] the job', () => {
  it("runs on the server's scheduler: a day later the interest is paid without a direct call", async () => {
    const u = await user('1000');
    await sub(u.token, { productId: productId('USDT Flexible'), amount: '365' });
    const before = platform(u.id).available;
    ts.clock.advance(2 * DAY);
    ts.ctx.scheduler.runDue(ts.clock.now());
    expect(platform(u.id).available).toBe(new Decimal(before).plus('0.03').toFixed());
  });
});

describe('[FIN-9] property: random subscriptions, redemptions and days', () => {
  it('keep the books balanced and the finance account equal to the active principals', async () => {
    const u = await user('1000000');
    const products = ['USDT Flexible', 'USDT 7 days', 'USDT 30 days', 'USDT 90 days'].map(productId);
    const svc = ts.finance.service;
    const op = fc.oneof(
      fc.record({
        t: fc.constant('sub' as const),
        p: fc.integer({ min: 0, max: 3 }),
        amount: fc.integer({ min: 1_000, max: 500_000_000 }),
        renew: fc.boolean(),
        type: fc.constantFrom(1, 2),
      }),
      fc.record({ t: fc.constant('redeem' as const), pick: fc.nat() }),
      fc.record({ t: fc.constant('days' as const), n: fc.integer({ min: 0, max: 12 }), hours: fc.nat(23) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          if (o.t === 'sub') {
            setting({ settlementType: o.type });
            try {
              svc.subscribe(u.id, {
                productId: products[o.p],
                amount: new Decimal(o.amount).div(100_000).toFixed(),
                autoRenew: o.renew,
              });
            } catch (err) {
              expect((err as Error).message).toMatch(/minimum|At most|quota|Insufficient/);
            }
          } else if (o.t === 'redeem') {
            const active = svc.holdings(u.id, { status: 'active', pageNum: 1, pageSize: 100 }).rows;
            if (active.length) {
              const h = active[o.pick % active.length];
              try {
                svc.redeem(u.id, h.id);
              } catch (err) {
                expect((err as Error).message).toMatch(/cannot be redeemed before it matures|matured on/);
              }
            }
          } else {
            ts.clock.advance(o.n * DAY + o.hours * 3_600_000);
            ts.finance.runDaily(ts.clock.now());
          }
          const active = svc.holdings(u.id, { status: 'active', pageNum: 1, pageSize: 100 }).rows;
          const principal = active.reduce((s, h) => s.plus(h.principal), new Decimal(0));
          const f = finance(u.id);
          expect(f.available).toBe('0');
          expect(f.frozen).toBe(principal.toFixed());
          expect(new Decimal(platform(u.id).available).isNegative()).toBe(false);
        }
        expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
      }),
      { numRuns: 30 },
    );
  });
});
