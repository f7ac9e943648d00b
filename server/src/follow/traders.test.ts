/**
 * The lead traders' calls over HTTP against the whole server (COPY-9, COPY-10, COPY-20..23): a user made a lead
 * trader by a row in follow_traders trades futures for real; the figures shown are recomputed here from the raw
 * journal rows by an independent function. One server on a manual clock.
 */
import { describe, expect, it } from 'vitest';
import { followApi } from '../../../src/shared/api/follow';
import { futuresApi } from '../../../src/shared/api/futures';
import { Decimal } from '../../../src/shared/decimal';
import type { TraderWindow } from '../../../src/shared/schemas/follow';
import { booksOf, stepClock, tradingServerForFile } from '../testing/fixtures';
import { sqliteStatsStore } from './statsStore';
import { TraderStats } from './traders';

const SYMBOL = 'btcusdt';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ts = tradingServerForFile(50);

function step(ms: number): void {
  stepClock(ts, ms, 50);
  ts.ctx.marks.update(ts.clock.now());
}

let users = 0;
async function user(usdt: string): Promise<{ id: number; token: string }> {
  const email = `lead${++users}@example.com`;
  const token = await ts.signUp(email);
  const id = (ts.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
  deposit(id, usdt);
  return { id, token };
}
function deposit(id: number, usdt: string): void {
  ts.ledger.post({
    kind: 'deposit',
    ref: `lead-test-${id}-${ts.clock.now()}`,
    userId: id,
    entries: [
      { userId: id, account: 'contract', coin: 'USDT', amount: usdt },
      { house: 'house:deposits', coin: 'USDT', amount: `-${usdt}` },
    ],
  });
}
function makeTrader(id: number, nickname: string): void {
  ts.ctx.db
    .prepare(
      `INSERT INTO follow_traders (user_id, nickname, share_rate, max_followers, bot, created_at)
       VALUES (?, ?, '0.1', 100, 0, ?)`,
    )
    .run(id, nickname, ts.clock.now());
}
/** Opens and, `holdMs` later, closes a market position (through the service: sessions expire over weeks). */
function roundTrip(userId: number, side: 'long' | 'short', shares: string, holdMs: number): void {
  const open = ts.futures.service.submit(userId, {
    symbol: SYMBOL,
    side,
    action: 'open',
    type: 'market',
    shares,
    leverage: 10,
  });
  expect(open.status).toBe('filled');
  step(holdMs);
  const close = ts.futures.service.submit(userId, { symbol: SYMBOL, side, action: 'close', type: 'market', shares });
  expect(close.status).toBe('filled');
}

/**
 * COPY-20, recomputed from `ledger_entries` as they are: one net amount per journal row on the contract USDT;
 * trading rows are futures_* and follow_*; S = the next hour boundary after now, minus N days.
 */
function recompute(userId: number, days: number): Pick<TraderWindow, 'roi' | 'pnl'> {
  const rows = ts.ctx.db
    .prepare(
      `SELECT j.id, j.kind, j.created_at AS time, e.amount FROM ledger_entries e
       JOIN ledger_journal j ON j.id = e.journal_id
       WHERE e.user_id = ? AND e.account = 'contract' AND e.coin = 'USDT'`,
    )
    .all(userId) as { id: number; kind: string; time: number; amount: string }[];
  const net = new Map<number, { kind: string; time: number; amount: Decimal }>();
  for (const r of rows) {
    const x = net.get(r.id) ?? { kind: r.kind, time: r.time, amount: new Decimal(0) };
    x.amount = x.amount.plus(r.amount);
    net.set(r.id, x);
  }
  const now = ts.clock.now();
  const start = Math.ceil((now + 1) / HOUR) * HOUR - days * DAY;
  let before = new Decimal(0);
  let pnl = new Decimal(0);
  let inflow = new Decimal(0);
  for (const x of net.values()) {
    if (x.time < start) before = before.plus(x.amount);
    else if (x.kind.startsWith('futures_') || x.kind.startsWith('follow_')) pnl = pnl.plus(x.amount);
    else if (x.amount.gt(0)) inflow = inflow.plus(x.amount);
  }
  const base = before.plus(inflow);
  const roi = base.gt(0) ? pnl.div(base) : new Decimal(0);
  return { roi: roi.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6), pnl: pnl.toFixed(6) };
}

/** The figures the follow service asks (the harness does not expose the module: a second one on the same database). */
let figures: TraderStats | undefined;
const traderFigures = () =>
  (figures ??= new TraderStats({
    store: sqliteStatsStore(ts.ctx.db),
    clock: ts.clock,
    equity: (id) => {
      const b = ts.ledger.balance(id, 'contract', 'USDT');
      return new Decimal(b.available).plus(b.frozen).toFixed();
    },
    inTransaction: () => ts.ctx.db.inTransaction,
  }));

const books = () => booksOf(ts);

describe("[COPY-9] [COPY-20] a lead trader's return recomputed from the journal equals the figure shown", () => {
  it('over 7, 30 and 90 days, with money paid in before and inside the windows', async () => {
    const u = await user('1000');
    makeTrader(u.id, 'Tester');
    ts.clock.advance(20 * DAY);
    step(1_000);
    roundTrip(u.id, 'long', '10', 5_000);
    deposit(u.id, '300');
    ts.clock.advance(15 * DAY);
    step(1_000);
    roundTrip(u.id, 'short', '10', 7_000);
    roundTrip(u.id, 'long', '5', 3_000);

    const shown = await ts.call(followApi.followTrader, { query: { id: u.id } });
    expect(shown.code, shown.msg).toBe(200);
    const { summary } = shown.data;
    expect(summary.windows.map((w) => w.days)).toEqual([7, 30, 90]);
    for (const w of summary.windows) expect({ roi: w.roi, pnl: w.pnl }).toEqual(recompute(u.id, w.days));
    // The first trade is 15 days old: inside 30 days, not 7; the 1,000 paid in 35 days ago is before 30 days.
    const [w7, w30, w90] = summary.windows;
    expect(w7.trades).toBe(2);
    expect(w30.trades).toBe(3);
    expect(w90.trades).toBe(3);
    expect(w7.pnl).not.toBe(w30.pnl);
    // 30 days: 1,000 at the start plus 300 paid in; 90 days: both paid in. The same base, the same return.
    expect(w30.roi).toBe(w90.roi);
    // Win rate: from the positions' own columns.
    const pos = ts.ctx.db
      .prepare(
        "SELECT realised_pnl AS r, fees AS f, funding AS g FROM futures_positions WHERE user_id = ? AND status != 'open'",
      )
      .all(u.id) as { r: string; f: string; g: string }[];
    const wins = pos.filter((p) => new Decimal(p.r).minus(p.f).plus(p.g).gt(0)).length;
    expect(w90.winRate).toBe(new Decimal(wins).div(3).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6));
    const b = ts.ledger.balance(u.id, 'contract', 'USDT');
    expect(summary.equity).toBe(new Decimal(b.available).plus(b.frozen).toFixed(6));
    // The equity curve ends with the equity now and never reaches before 30 days.
    expect(shown.data.equity.at(-1)!.equity).toBe(summary.equity);
    expect(shown.data.equity[0].time).toBeGreaterThanOrEqual(ts.clock.now() - 30 * DAY);
    expect(shown.data.closed).toHaveLength(3);
    // COPY-10: each closed one with its result, newest first.
    const rows = ts.ctx.db
      .prepare(
        `SELECT id, realised_pnl AS r, fees AS f, funding AS g, close_price AS c FROM futures_positions
         WHERE user_id = ? AND status != 'open' ORDER BY close_time DESC, id DESC`,
      )
      .all(u.id) as { id: number; r: string; f: string; g: string; c: string }[];
    expect(shown.data.closed.map((t) => [t.id, t.pnl, t.closePrice])).toEqual(
      rows.map((p) => [p.id, new Decimal(p.r).minus(p.f).plus(p.g).toFixed(6), p.c]),
    );
    expect(books().problems).toBe(0);

    // Later moves are read on the next call (the figures are cached per hour).
    roundTrip(u.id, 'long', '5', 2_000);
    const again = await ts.call(followApi.followTrader, { query: { id: u.id } });
    for (const w of again.data.summary.windows) expect({ roi: w.roi, pnl: w.pnl }).toEqual(recompute(u.id, w.days));
    expect(again.data.summary.windows[0].trades).toBe(3);

    // Asked inside a transaction that then rolls back: the rolled-back move is seen there and forgotten after.
    const stats = () => traderFigures().summary(u.id);
    const before = stats();
    expect(() =>
      ts.ledger.transaction(() => {
        deposit(u.id, '5000');
        expect(stats().equity).toBe(new Decimal(before.equity).plus(5000).toFixed(6));
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(stats()).toEqual(before);
    for (const w of stats().windows) expect({ roi: w.roi, pnl: w.pnl }).toEqual(recompute(u.id, w.days));
  });
});

describe('[COPY-10] [COPY-23] the trader page and the leaderboard', () => {
  it('open positions without size, followers, assets followed, whether the caller follows', async () => {
    const lead = await user('1000');
    makeTrader(lead.id, 'Open Book');
    const open = await ts.post(
      futuresApi.submitFuturesOrder.path,
      { symbol: SYMBOL, side: 'long', action: 'open', type: 'market', shares: '4', leverage: 10 },
      { satoken: lead.token },
    );
    expect(open.body.code, open.body.msg).toBe(200);
    const fan = await user('10');
    const now = ts.clock.now();
    ts.ctx.db
      .prepare(
        `INSERT INTO follows (follower_id, trader_id, mode, amount, ratio, max_total, stop_loss, status, created_at, updated_at)
         VALUES (?, ?, 'fixed', '20', NULL, '250', NULL, 'active', ?, ?)`,
      )
      .run(fan.id, lead.id, now, now);

    const signedOut = await ts.call(followApi.followTrader, { query: { id: lead.id } });
    expect(signedOut.data.following).toBe(false);
    expect(signedOut.data.open).toHaveLength(1);
    const [p] = signedOut.data.open;
    expect(Object.keys(p).sort()).toEqual(
      ['closePrice', 'closedAt', 'entryPrice', 'id', 'leverage', 'openedAt', 'pnl', 'side', 'symbol'].sort(),
    );
    expect(p).toMatchObject({ symbol: SYMBOL, side: 'long', leverage: 10, pnl: null, closedAt: null });
    expect(signedOut.data.summary.followers).toBe(1);
    // No copied positions yet: the unused cap is all of it.
    expect(signedOut.data.summary.aum).toBe('250.000000');
    expect(signedOut.data.summary.bot).toBe(false);
    const mine = await ts.call(followApi.followTrader, { query: { id: lead.id }, token: fan.token });
    expect(mine.data.following).toBe(true);
    const other = await ts.call(followApi.followTrader, { query: { id: lead.id }, token: lead.token });
    expect(other.data.following).toBe(false);

    const missing = await ts.call(followApi.followTrader, { query: { id: 999_999 } });
    expect(missing.code).not.toBe(200);
    expect(missing.msg).toContain('Trader 999999 was not found');
  });

  it('sorted by each figure, drawdown lowest first, paged', async () => {
    const all = await ts.call(followApi.followTraders, { query: { sort: 'followers', days: 30 } });
    expect(all.code, all.msg).toBe(200);
    expect(all.data.total).toBe(2);
    expect(all.data.rows[0].nickname).toBe('Open Book');
    for (const sort of ['roi', 'pnl', 'winRate', 'drawdown'] as const) {
      const r = await ts.call(followApi.followTraders, { query: { sort, days: 7 } });
      const key = (x: (typeof r.data.rows)[number]) => {
        const w = x.windows.find((y) => y.days === 7)!;
        return sort === 'roi' ? w.roi : sort === 'pnl' ? w.pnl : sort === 'winRate' ? w.winRate : w.maxDrawdown;
      };
      const [a, b] = r.data.rows.map(key);
      if (sort === 'drawdown') expect(new Decimal(a!).lte(b!)).toBe(true);
      else if (a !== null && b !== null) expect(new Decimal(a).gte(b)).toBe(true);
      else expect(b).toBeNull();
    }
    const page = await ts.call(followApi.followTraders, { query: { sort: 'followers', pageNum: 2, pageSize: 1 } });
    expect(page.data.total).toBe(2);
    expect(page.data.rows.map((x) => x.nickname)).toEqual(['Tester']);
    const bad = await ts.call(followApi.followTraders, { query: { days: 14 } });
    expect(bad.msg).toContain('days is 7, 30 or 90');
    expect(books().problems).toBe(0);
  });
});
