/**
 * The daily run over a year (FIN-3, FIN-7, FIN-8): interest of flexible and fixed holdings, with and without
 * renewal, in both settlement types, against an independent computation in bigint minor units; a second run the
 * same day and two runs at once pay nothing twice. One server on a manual clock; the books are checked at stop.
 */
import { describe, expect, it } from 'vitest';
import { financeApi } from '../../../src/shared/api/finance';
import { writeSetting, readSetting } from '../db/settingsStore';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { fundedUser, serverForFile } from '../testing/fixtures';
import type { InterestPaid } from './hooks';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1, 9, 30);
const ts = serverForFile({ clock: 'manual', clockStart: START, env: { RATE_LIMIT_MAX: '1000000' } });

let users = 0;
const user = (usdt: string) => fundedUser(ts, `finyear${++users}@example.com`, usdt, { via: 'deposit' });

function setType(settlementType: number): void {
  const db = ts.ctx.db;
  writeSetting(
    db,
    'MING_SETTLEMENT_SETTING',
    { ...readSetting(db, 'MING_SETTLEMENT_SETTING'), settlementType },
    ts.clock.now(),
  );
}

const productId = (name: string) =>
  (ts.ctx.db.prepare('SELECT id FROM finance_products WHERE name = ?').get(name) as { id: number }).id;

async function subscribe(token: string, name: string, amount: string, autoRenew = false) {
  const r = await ts.call(financeApi.financeSubscribe, {
    token,
    body: { productId: productId(name), amount, autoRenew },
  });
  expect(r.msg).toBe('success');
  return r.data;
}

/** Independent: one day's interest in USDT's minor units (1e-6, SAFE-22), floor(principal x apr / 365). */
function dailyMinor(principal: string, apr: string): bigint {
  const minor = (s: string, places: number) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i + f.padEnd(places, '0').slice(0, places));
  };
  // principal in 1e-6 units, apr in 1e-4 units: interest = P * A / 10^4 / 365.
  return (minor(principal, 6) * minor(apr, 4)) / (10_000n * 365n);
}
const fmt = (minor: bigint) => {
  const s = minor.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, '') || '0';
};
/** Earning days ended at `now` from `from` (a UTC 00:00) and at most `limit` of them. */
const endedDays = (from: number, now: number, limit = Infinity) =>
  Math.max(0, Math.min(limit, Math.floor((Math.floor(now / DAY) * DAY - from) / DAY)));

describe('[FIN-3] [FIN-7] [FIN-8] a year of daily runs', () => {
  it('pays what an independent computation says, to the minor unit, once', async () => {
    const seen: InterestPaid[] = [];
    const off = ts.finance.onInterest((e) => seen.push(e));
    setType(1);
    const a = await user('20000');
    const b = await user('20000');
    const e = await user('20000');
    const flex1 = await subscribe(a.token, 'USDT Flexible', '12345.678912');
    const fixed1 = await subscribe(b.token, 'USDT 30 days', '5000', true);
    const once = await subscribe(e.token, 'USDT 90 days', '777.77', false);
    setType(2);
    const c = await user('20000');
    const d = await user('20000');
    const flex2 = await subscribe(c.token, 'USDT Flexible', '999.999999');
    const fixed2 = await subscribe(d.token, 'USDT 7 days', '3333.33', true);
    const from = flex1.interestFrom;
    expect(from).toBe(Date.UTC(2026, 0, 2));
    expect(fixed1.maturesAt).toBe(from + 30 * DAY);

    let payments = 0;
    for (let day = 1; day <= 365; day++) {
      ts.clock.advance(DAY);
      const now = ts.clock.now();
      payments += ts.finance.runDaily(now);
      // A second run the same day, and two at once, settle nothing more.
      expect(ts.finance.runDaily(now)).toBe(0);
      const both = await Promise.all([
        Promise.resolve().then(() => ts.finance.runDaily(now)),
        Promise.resolve().then(() => ts.finance.runDaily(now + 1000)),
      ]);
      expect(both).toEqual([0, 0]);
    }
    const now = ts.clock.now();
    const days = endedDays(from, now);
    expect(days).toBe(364);
    // 4 holdings earning every day (the renewing ones without a gap), the 90-day one for 90 days.
    expect(payments).toBe(4 * days + 90);

    // (A year on, the sessions have expired: read through the service.)
    const get = async (userId: number, id: number, status: 'active' | 'ended' = 'active') =>
      ts.finance.service.holdings(userId, { status, pageNum: 1, pageSize: 100 }).rows.find((h) => h.id === id)!;
    const platform = (id: number) => ts.ledger.balance(id, 'platform', 'USDT').available;

    // Type 1, flexible: every ended day paid to the platform account.
    const fa = dailyMinor('12345.678912', '0.03') * BigInt(days);
    expect((await get(a.id, flex1.id)).paid).toBe(fmt(fa));
    expect(platform(a.id)).toBe(fmt(20_000_000_000n - 12_345_678_912n + fa));
    // Type 1, fixed 30 days renewing: the same every day, the principal still locked.
    const fb = dailyMinor('5000', '0.08') * BigInt(days);
    const hb = await get(b.id, fixed1.id);
    expect(hb.paid).toBe(fmt(fb));
    expect(hb.maturesAt).toBe(from + 13 * 30 * DAY);
    expect(platform(b.id)).toBe(fmt(15_000_000_000n + fb));
    // Type 1, fixed 90 days not renewing: 90 days, then the principal back.
    const fe = dailyMinor('777.77', '0.12') * 90n;
    const he = await get(e.id, once.id, 'ended');
    expect(he.status).toBe('matured');
    expect(he.paid).toBe(fmt(fe));
    expect(platform(e.id)).toBe(fmt(20_000_000_000n + fe));
    // Type 2, fixed 7 days renewing: paid at each maturity (52 terms of 7 days), the rest accrued.
    const dd = dailyMinor('3333.33', '0.05');
    const terms = BigInt(Math.floor(days / 7));
    const hd = await get(d.id, fixed2.id);
    expect(hd.paid).toBe(fmt(dd * terms * 7n));
    expect(hd.accrued).toBe(fmt(dd * (BigInt(days) - terms * 7n)));
    expect(platform(d.id)).toBe(fmt(20_000_000_000n - 3_333_330_000n + dd * terms * 7n));
    // Type 2, flexible: all accrued, paid at redemption.
    const fc = dailyMinor('999.999999', '0.03') * BigInt(days);
    expect((await get(c.id, flex2.id)).accrued).toBe(fmt(fc));
    const red = { data: ts.finance.service.redeem(c.id, flex2.id) };
    expect(red.data.interest).toBe(fmt(fc));
    expect(red.data.forfeited).toBe('0');
    expect(platform(c.id)).toBe(fmt(20_000_000_000n + fc));

    // The listeners heard every payment once: a day each for type 1, a term each for type 2, the redemption.
    const refs = new Set(seen.map((x) => x.ref));
    expect(refs.size).toBe(seen.length);
    expect(seen.length).toBe(days * 2 + 90 + Number(terms) + 1);
    off();
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });
});
