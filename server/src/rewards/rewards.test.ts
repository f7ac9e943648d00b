/**
 * Invitations, rebates and VIP on the whole server (REB-*, VIP-*): invitees at three levels trade spot and futures
 * against the simulated market on a manual clock; the rebates paid equal an independent computation from the fees
 * recorded, never exceed them, and the books balance. VIP: inconsistent tables are refused; when on, the level's
 * discount is taken off spot and futures fees; when off, nothing changes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { futuresApi } from '../../../src/shared/api/futures';
import { rewardsApi } from '../../../src/shared/api/rewards';
import { tradingApi } from '../../../src/shared/api/trading';
import { Decimal } from '../../../src/shared/decimal';
import { writeSetting, readSetting } from '../db/settingsStore';
import { createRng } from '../market/rng';
import { booksOf } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/harness';
import { rewardsService } from './index';

const SYMBOL = 'btcusdt';
const DAY = 86_400_000;
let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', env: { RATE_LIMIT_MAX: '1000000' } });
  step(2_000);
});
afterAll(() => ts.stop());
beforeEach(() => {
  setRebates(false, ['1', '2', '3']);
  setVip(false);
});

/** Moves the clock and runs the market's steps up to it. */
function step(ms: number): void {
  for (let t = 0; t < ms; t += 10) {
    ts.clock.advance(10);
    ts.ctx.scheduler.runDue(ts.clock.now());
  }
}

let users = 0;
/** A new user (invited by `inviter` when given) with USDT on the platform and in the contract account. */
async function user(inviter?: number, usdt = '100000'): Promise<{ id: number; token: string }> {
  const email = `reb${++users}@example.com`;
  const token = await ts.signUp(email);
  const id = (ts.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  if (inviter !== undefined) ts.ctx.db.prepare('UPDATE users SET invited_by = ? WHERE id = ?').run(inviter, id);
  for (const account of ['platform', 'contract'] as const)
    ts.ledger.post({
      kind: 'deposit',
      ref: `test-${id}-${account}`,
      userId: id,
      entries: [
        { userId: id, account, coin: 'USDT', amount: usdt },
        { house: 'house:deposits', coin: 'USDT', amount: `-${usdt}` },
      ],
    });
  return { id, token };
}

function setRebates(isOpen: boolean, [oneRatio, twoRatio, threeRatio]: string[]): void {
  writeSetting(ts.ctx.db, 'FINANCIAL_REBATE_SETTING', { isOpen, oneRatio, twoRatio, threeRatio }, ts.clock.now());
}

/** A consistent table: level i from i x 1000 to i x 1000 + 999 USDT, with `overrides` on top. */
function vipTable(overrides: Record<string, string> = {}): Record<string, string> {
  const t: Record<string, string> = {};
  for (let i = 0; i <= 12; i++) {
    t[`vip${i}Start`] = String(i * 1000);
    t[`vip${i}End`] = String(i * 1000 + 999);
  }
  return { ...t, ...overrides };
}
function setVip(isOpen: boolean, table = vipTable(), directions: Record<string, unknown>[] = []): void {
  const now = ts.clock.now();
  writeSetting(
    ts.ctx.db,
    'VIP_LEVEL_SETTING',
    { ...readSetting(ts.ctx.db, 'VIP_LEVEL_SETTING'), ...table, isOpen },
    now,
  );
  writeSetting(ts.ctx.db, 'VIP_DIRECTIONS_SETTING', directions, now);
}

const spot = (token: string, side: 'buy' | 'sell', amount: string) =>
  ts.post(tradingApi.submitSpotOrder.path, { symbol: SYMBOL, side, type: 'market', amount }, { satoken: token });
const futures = (token: string, body: Record<string, unknown>) =>
  ts.post(futuresApi.submitFuturesOrder.path, { symbol: SYMBOL, type: 'market', ...body }, { satoken: token });

const books = () => booksOf(ts);
const rows = <T>(sql: string, ...args: unknown[]) => ts.ctx.db.prepare(sql).all(...args) as T[];

/** Every trading fee users paid, from the trading tables (not from the rebates). */
function feesPaid(): { userId: number; fee: string }[] {
  return [
    ...rows<{ userId: number; fee: string }>("SELECT user_id AS userId, fee FROM spot_fills WHERE fee <> '0'"),
    ...rows<{ userId: number; fee: string }>(
      "SELECT user_id AS userId, fee FROM futures_records WHERE trade_id IS NOT NULL AND fee <> '0' AND fee <> '0.000000'",
    ),
  ];
}
/** What each user got from journal rows of kind `rebate`. */
function rebatesReceived(): Map<number, Decimal> {
  const m = new Map<number, Decimal>();
  for (const r of rows<{ userId: number; amount: string }>(
    `SELECT e.user_id AS userId, e.amount FROM ledger_entries e JOIN ledger_journal j ON j.id = e.journal_id
     WHERE j.kind = 'rebate' AND e.user_id IS NOT NULL`,
  ))
    m.set(r.userId, (m.get(r.userId) ?? new Decimal(0)).plus(r.amount));
  return m;
}
/** The fewest shares an opening at leverage 10 may have (FUT: at least 10 USDT of margin), with room. */
function minShares(): number {
  const pair = ts.futures.service.pairOf(SYMBOL);
  const price = ts.ctx.market.books.best(SYMBOL).bestAsk!;
  return Math.ceil(new Decimal(200).div(new Decimal(pair.shareNumber).times(price)).toNumber());
}
const inviterOf = (id: number) =>
  (ts.ctx.db.prepare('SELECT invited_by AS i FROM users WHERE id = ?').get(id) as { i: number | null }).i;

describe('[REB-3] [REB-4] rebates over a random trading session', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: three levels of inviters get fee x ratio / 100 rounded down, never more than the fees`, async () => {
      const rng = createRng(seed, 'rebates');
      const pick = <T>(xs: T[]) => xs[Math.floor(rng.next() * xs.length)];
      // Random ratios in percent with up to 2 decimals, together at most 100.
      const ratios = [0, 1, 2].map(() => new Decimal(Math.floor(rng.next() * 3000)).div(100).toFixed());
      setRebates(true, ratios);
      // A chain top <- l1 <- l2 <- l3 <- l4, and a side branch under l1.
      const top = await user();
      const l1 = await user(top.id);
      const l2 = await user(l1.id);
      const l3 = await user(l2.id);
      const l4 = await user(l3.id);
      const side = await user(l1.id);
      const traders = [top, l1, l2, l3, l4, side];
      const before = rebatesReceived();
      for (let i = 0; i < 40; i++) {
        const u = pick(traders);
        const what = rng.next();
        if (what < 0.4) {
          const r = await spot(u.token, 'buy', pick(['0.001', '0.002', '0.005']));
          expect(r.body.code, r.body.msg).toBe(200);
        } else if (what < 0.6) {
          const held = new Decimal(ts.ledger.balance(u.id, 'platform', 'BTC').available);
          if (held.gte('0.001')) await spot(u.token, 'sell', '0.001');
        } else if (what < 0.85) {
          const r = await futures(u.token, {
            side: pick(['long', 'short']),
            action: 'open',
            shares: String(minShares() + Math.floor(rng.next() * 5)),
            leverage: 10,
          });
          expect(r.body.code, r.body.msg).toBe(200);
        } else {
          const p = ts.futures.openPositions(u.id)[0];
          if (p) await ts.call(futuresApi.closePosition, { token: u.token, query: { id: p.id } });
        }
        step(50);
      }
      // The independent computation: for every fee recorded, each inviter up the chain gets fee x ratio / 100,
      // rounded down to USDT's 6 decimals.
      const expected = new Map<number, Decimal>();
      const mine = new Set(traders.map((t) => t.id));
      const fees = feesPaid().filter((f) => mine.has(f.userId));
      expect(fees.length).toBeGreaterThan(10);
      let feeSum = new Decimal(0);
      let rebateSum = new Decimal(0);
      for (const f of fees) {
        feeSum = feeSum.plus(f.fee);
        let at: number | null = f.userId;
        for (let level = 0; level < 3; level++) {
          at = inviterOf(at!);
          if (at === null) break;
          const share = new Decimal(f.fee).times(ratios[level]).div(100).toDecimalPlaces(6, Decimal.ROUND_DOWN);
          expected.set(at, (expected.get(at) ?? new Decimal(0)).plus(share));
          rebateSum = rebateSum.plus(share);
        }
      }
      const after = rebatesReceived();
      for (const u of traders) {
        const got = (after.get(u.id) ?? new Decimal(0)).minus(before.get(u.id) ?? 0);
        expect(got.toFixed(), `user ${u.id}`).toBe((expected.get(u.id) ?? new Decimal(0)).toFixed());
      }
      expect(rebateSum.lte(feeSum)).toBe(true);
      // Every rebate journal row took from house:fees exactly what it paid, and no more than its fee.
      for (const r of rows<{ fee: string; paid: string }>(
        `SELECT max(r.fee) AS fee, (SELECT -sum(e.amount) FROM ledger_entries e WHERE e.journal_id = r.journal_id
           AND e.account = 'house:fees') AS paid FROM rebates r GROUP BY r.journal_id`,
      ))
        expect(new Decimal(r.paid).lte(r.fee)).toBe(true);
      // The top of the chain is level 3 of l3's fees, never of l4's (four levels up).
      const info = await ts.call(rewardsApi.inviteInfo, { token: top.token });
      expect(info.data.invitees).toEqual([1, 2, 1]);
      expect(info.data.rebateOpen).toBe(true);
      expect(info.data.earned).toBe((expected.get(top.id) ?? new Decimal(0)).toFixed());
      const l4Rows = rows<{ n: number }>(
        'SELECT count(*) AS n FROM rebates WHERE inviter_id = ? AND invitee_id = ?',
        top.id,
        l4.id,
      );
      expect(l4Rows[0].n).toBe(0);
      expect(books().problems).toBe(0);
    });
  }
});

describe('[REB-2] rebates are paid only while on and with valid ratios', () => {
  it('off: nothing; ratios over 100 % together: nothing, and the info says rebates are not paid', async () => {
    const a = await user();
    const b = await user(a.id);
    setRebates(false, ['10', '0', '0']);
    expect((await spot(b.token, 'buy', '0.002')).body.code).toBe(200);
    setRebates(true, ['60', '30', '20']);
    expect((await spot(b.token, 'buy', '0.002')).body.code).toBe(200);
    expect(rebatesReceived().get(a.id)).toBeUndefined();
    const info = await ts.call(rewardsApi.inviteInfo, { token: a.token });
    expect(info.data).toMatchObject({
      rebateOpen: false,
      ratios: ['60', '30', '20'],
      earned: '0',
      invitees: [1, 0, 0],
    });
    setRebates(true, ['10', '0', '0']);
    expect((await spot(b.token, 'buy', '0.002')).body.code).toBe(200);
    expect(rebatesReceived().get(a.id)?.gt(0)).toBe(true);
    expect(books().problems).toBe(0);
  });
});

describe('[REB-1] the invite screen calls', () => {
  it('code and link, invitees by level masked and newest first, rebates by day and by invitee', async () => {
    setRebates(true, ['10', '5', '1']);
    const a = await user();
    const b = await user(a.id);
    step(1_000);
    const c = await user(b.id);
    const info = await ts.call(rewardsApi.inviteInfo, { token: a.token });
    expect(info.data.code).toMatch(/^[A-Za-z0-9]{4,}$/);
    expect(info.data.path).toBe(`/register?inviteCode=${info.data.code}`);
    expect(info.data.invitees).toEqual([1, 1, 0]);
    const all = await ts.call(rewardsApi.inviteList, { token: a.token, query: {} });
    expect(all.data.total).toBe(2);
    expect(all.data.rows.map((r) => r.level)).toEqual([2, 1]);
    expect(all.data.rows[0].name).toMatch(/^re\*\*\*@example\.com$/);
    const l2 = await ts.call(rewardsApi.inviteList, { token: a.token, query: { level: 2 } });
    expect(l2.data.rows).toHaveLength(1);
    expect((await spot(c.token, 'buy', '0.002')).body.code).toBe(200);
    expect((await spot(b.token, 'buy', '0.002')).body.code).toBe(200);
    const reb = await ts.call(rewardsApi.rebateList, { token: a.token, query: {} });
    expect(reb.data.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(reb.data.rows.map((r) => r.level))).toEqual(new Set([1, 2]));
    const today = Math.floor(ts.clock.now() / DAY) * DAY;
    const sum = reb.data.rows.reduce((t, r) => t.plus(r.amount), new Decimal(0)).toFixed();
    expect(reb.data.byDay).toEqual([{ day: today, coin: 'USDT', amount: sum }]);
    expect(reb.data.byInvitee.map((r) => r.level).sort()).toEqual([1, 2]);
    const again = await ts.call(rewardsApi.inviteInfo, { token: a.token });
    expect(again.data.earned).toBe(sum);
    expect(again.data.earnedToday).toBe(sum);
    const list = await ts.call(rewardsApi.inviteList, { token: a.token, query: { level: 1 } });
    expect(new Decimal(list.data.rows[0].rebate).gt(0)).toBe(true);
    // Another user sees nothing of it.
    const other = await ts.call(rewardsApi.rebateList, { token: c.token, query: {} });
    expect(other.data.total).toBe(0);
  });
});

describe('[VIP-2] an inconsistent table is refused with the first problem', () => {
  const cases: [string, Record<string, string>, Record<string, unknown>[], string][] = [
    ['a level starting at or below the last end', { vip7Start: '5000' }, [], 'VIP 7 starts at 5000, not above VIP 6'],
    ['an end below its start', { vip3End: '2000' }, [], 'VIP 3 ends (2000) below its start (3000)'],
    ['level 0 not at 0', { vip0Start: '10' }, [], 'VIP 0 must start at 0'],
    ['a discount above 0.5', {}, [{ level: 4, feeDiscount: '0.9' }], "VIP 4's fee discount must be a fraction"],
    ['a discount that falls', {}, [{ level: 5, feeDiscount: '0.01' }], "VIP 5's fee discount is below VIP 4's"],
  ];
  for (const [what, overrides, directions, problem] of cases)
    it(what, async () => {
      const u = await user();
      setVip(true, vipTable(overrides), directions);
      const r = await ts.call(rewardsApi.vipInfo, { token: u.token });
      expect(r.data.open).toBe(false);
      expect(r.data.problem).toContain(problem);
      expect(r.data.levels).toEqual([]);
      // Refused means no discount: a fee is the pair's.
      expect((await spot(u.token, 'buy', '0.002')).body.code).toBe(200);
      const f = rows<{ total: string; fee: string }>('SELECT total, fee FROM spot_fills WHERE user_id = ?', u.id);
      for (const x of f)
        expect(x.fee).toBe(new Decimal(x.total).times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
    });
});

describe('[VIP-3] [VIP-4] levels and discounts', () => {
  it('off (the default): vip/info shows nothing and fees are the pair fees', async () => {
    const u = await user();
    const r = await ts.call(rewardsApi.vipInfo, { token: u.token });
    expect(r.data).toMatchObject({ open: false, problem: null, level: 0, levels: [] });
    expect((await spot(u.token, 'buy', '0.003')).body.code).toBe(200);
    const order = rows<{ filledTotal: string; fee: string }>(
      'SELECT filled_total AS filledTotal, fee FROM spot_orders WHERE user_id = ?',
      u.id,
    )[0];
    const total = new Decimal(order.filledTotal).toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(order.fee).toBe(total.times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
  });

  it('on: the level follows the 30-day volume and its discount comes off spot and futures fees', async () => {
    const u = await user();
    // Every level gives at least 20 % off; level 1 and up 30 %.
    const directions = Array.from({ length: 13 }, (_, level) => ({ level, feeDiscount: level === 0 ? '0.2' : '0.3' }));
    setVip(true, vipTable(), directions);
    const v0 = await ts.call(rewardsApi.vipInfo, { token: u.token });
    expect(v0.data).toMatchObject({ open: true, level: 0, volume30d: '0', feeDiscount: '0.2' });
    expect(v0.data.next).toEqual({ level: 1, needed: '1000' });
    expect(v0.data.levels).toHaveLength(13);
    expect((await spot(u.token, 'buy', '0.002')).body.code).toBe(200);
    const fills = rows<{ total: string; fee: string }>('SELECT total, fee FROM spot_fills WHERE user_id = ?', u.id);
    expect(fills.length).toBeGreaterThan(0);
    let volume = new Decimal(0);
    for (const f of fills) {
      volume = volume.plus(f.total);
      const full = new Decimal(f.total).times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP);
      // Each fill's fee is the pair's fee share less 20 %, rounded up (fills after the first may carry rounding).
      expect(new Decimal(f.fee).lte(full)).toBe(true);
    }
    const first = fills[0];
    const full = new Decimal(first.total).times('0.001').toDecimalPlaces(6, Decimal.ROUND_UP);
    expect(first.fee).toBe(full.times('0.8').toDecimalPlaces(6, Decimal.ROUND_UP).toFixed());
    // A futures open: notional x openFee x (1 - 0.2 or 0.3), rounded up to 6 decimals.
    const r = await futures(u.token, { side: 'long', action: 'open', shares: String(minShares()), leverage: 10 });
    expect(r.body.code, r.body.msg).toBe(200);
    const rec = rows<{ shares: string; price: string; fee: string }>(
      "SELECT shares, price, fee FROM futures_records WHERE user_id = ? AND kind = 'open'",
      u.id,
    );
    const pair = ts.futures.service.pairOf(SYMBOL)!;
    const level = (await ts.call(rewardsApi.vipInfo, { token: u.token })).data;
    for (const x of rec) {
      const notional = new Decimal(x.shares).times(pair.shareNumber).times(x.price);
      const fullFee = notional.times(pair.openFee).toDecimalPlaces(6, Decimal.ROUND_UP);
      expect(new Decimal(x.fee).lt(fullFee)).toBe(true);
      volume = volume.plus(notional);
    }
    // VIP-3: the measure is spot quote amounts plus futures notionals.
    expect(level.volume30d).toBe(volume.toFixed());
    // Thirty days later the volume has left the window.
    ts.clock.advance(31 * DAY);
    expect(rewardsService(ts.ctx, ts.ledger).volume30d(u.id)).toBe('0');
    ts.clock.advance(-31 * DAY);
    expect(books().problems).toBe(0);
  });
});
