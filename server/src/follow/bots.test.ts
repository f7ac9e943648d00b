/**
 * The simulated lead traders (COPY-3, COPY-24): the decision rule on made-up candles, and two bots trading the
 * simulated market on a manual clock with the books checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followApi } from '../../../src/shared/api/follow';
import { Decimal } from '../../../src/shared/decimal';
import type { Candle } from '../../../src/shared/protocol';
import { checkLedger } from '../ledger/check';
import { sqliteLedgerStore } from '../ledger/store';
import { startTestServer, type TestServer } from '../testing/harness';
import {
  BOT_FOLLOWER_WINDOW_MS,
  BOT_SEED_KIND,
  BOT_SEED_USDT,
  BOT_STYLES,
  ensureBots,
  shouldClose,
  signal,
  stepBot,
  topUp,
  wantsToOpen,
} from './bots';

const candles = (closes: number[]): Candle[] =>
  closes.map((c, i) => ({
    t: i * 60_000,
    open: String(c),
    high: String(c + 1),
    low: String(c - 1),
    close: String(c),
    vol: '1',
  }));
const rising = candles(Array.from({ length: 30 }, (_, i) => 100 + i));
const falling = candles(Array.from({ length: 30 }, (_, i) => 200 - i));
const [trend, revert, breakout] = BOT_STYLES;

describe('[COPY-24] the bots decide from the market, deterministically', () => {
  it('[LEAD-4] opens with the trend, against a stretch, on a breakout; waits without history or in a flat market', () => {
    expect(signal(trend, rising)).toBe('long');
    expect(signal(trend, falling)).toBe('short');
    expect(signal(revert, rising)).toBe('short');
    expect(signal(revert, falling)).toBe('long');
    expect(signal(breakout, rising)).toBe('long');
    expect(signal(breakout, falling)).toBe('short');
    const flat = candles(Array.from({ length: 30 }, () => 100));
    for (const s of [trend, revert, breakout]) expect(signal(s, flat)).toBeUndefined();
    expect(signal(trend, rising.slice(0, 5))).toBeUndefined();
  });

  it('[LEAD-1] one style per bot FOLLOW_BOTS allows, each with its own pairs and exits wider than the fees', () => {
    expect(BOT_STYLES).toHaveLength(6);
    expect(new Set(BOT_STYLES.map((b) => b.symbols[0])).size).toBe(6);
    for (const b of BOT_STYLES) {
      expect(new Set(b.symbols).size).toBe(b.symbols.length);
      // The round trip's fees are 0.2 % of the notional: a take-profit below that could never be a win.
      expect(new Decimal(b.takeProfit).gt('0.002')).toBe(true);
      expect(new Decimal(b.stopLoss).gt('0.002')).toBe(true);
    }
  });

  it('[LEAD-5] closes after its holding time, at its take-profit or its stop-loss, either side', () => {
    const long = { side: 'long' as const, entryPrice: '100', createTime: 0 };
    const short = { ...long, side: 'short' as const };
    const up = new Decimal(100).times(new Decimal(1).plus(trend.takeProfit)).toFixed();
    const down = new Decimal(100).times(new Decimal(1).minus(trend.stopLoss)).toFixed();
    expect(shouldClose(trend, long, '100.1', 60_000)).toBe(false);
    expect(shouldClose(trend, long, '100.1', trend.holdMs)).toBe(true);
    expect(shouldClose(trend, long, up, 60_000)).toBe(true);
    expect(shouldClose(trend, long, down, 60_000)).toBe(true);
    expect(shouldClose(trend, short, '99.9', 60_000)).toBe(false);
    expect(shouldClose(trend, short, new Decimal(100).times(new Decimal(1).minus(trend.takeProfit)).toFixed(), 1)).toBe(
      true,
    );
    expect(shouldClose(trend, long, undefined, 60_000)).toBe(false);
  });

  it('[LEAD-2][LEAD-3] opens at its own pace, and at once for a follower who started after its last opening', () => {
    expect(wantsToOpen(trend, 0, undefined, undefined)).toBe(true);
    expect(wantsToOpen(trend, trend.openEveryMs - 1, 0, undefined)).toBe(false);
    expect(wantsToOpen(trend, trend.openEveryMs, 0, undefined)).toBe(true);
    // A follower joined a minute after the last opening: the bot opens at its next decision...
    expect(wantsToOpen(trend, 70_000, 0, 60_000)).toBe(true);
    // ...but not for a follow older than its last opening, nor once the follower's window has passed.
    expect(wantsToOpen(trend, 70_000, 65_000, 60_000)).toBe(false);
    expect(wantsToOpen(trend, 60_000 + BOT_FOLLOWER_WINDOW_MS + 1, 0, 60_000)).toBe(false);
  });
});

describe('[COPY-3] [COPY-24] two bots trade the simulated market', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ clock: 'manual', env: { FOLLOW_BOTS: '2', FOLLOW_BOT_INTERVAL_MS: '20000' } });
  });
  afterAll(() => ts.stop());

  /** Steps the server's scheduler for `ms` of test clock, letting deferred mirroring run. */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 500) {
      ts.clock.advance(500);
      ts.ctx.scheduler.runDue(ts.clock.now());
      if (t % 10_000 === 0) await new Promise((r) => setImmediate(r));
    }
  };

  it('are lead traders nobody can sign in as, funded once, and open then close positions', async () => {
    const rows = ts.ctx.db
      .prepare(
        `SELECT t.user_id AS id, t.nickname, t.bot, u.pwd_hash AS pwd, u.email, u.phone FROM follow_traders t
         JOIN users u ON u.id = t.user_id ORDER BY t.user_id`,
      )
      .all() as { id: number; nickname: string; bot: number; pwd: string | null; email: string | null; phone: null }[];
    expect(rows.map((r) => [r.nickname, r.bot, r.pwd, r.email, r.phone])).toEqual([
      ['Atlas · sim', 1, null, null, null],
      ['Vega · sim', 1, null, null, null],
    ]);
    const ids = rows.map((r) => r.id);
    for (const id of ids) expect(ts.ledger.balance(id, 'contract', 'USDT').available).toBe(BOT_SEED_USDT);
    // A restart finds them: nothing created or funded twice.
    const again = ensureBots(ts.ctx, ts.ledger, 2);
    expect(again.map((b) => b.userId)).toEqual(ids);
    const seeds = ts.ctx.db.prepare('SELECT count(*) AS n FROM ledger_journal WHERE kind = ?').get(BOT_SEED_KIND);
    expect(seeds).toEqual({ n: 2 });

    // LEAD-2: with nothing open yet, each bot opens at its first decision with history.
    await run(60_000);
    const opened = ts.ctx.db
      .prepare(`SELECT count(DISTINCT user_id) AS n FROM futures_positions WHERE user_id IN (?, ?)`)
      .get(...ids) as { n: number };
    expect(opened.n).toBe(2);
  });

  it('[LEAD-3] a follower receives a copied trade from a simulated lead within two minutes of following', async () => {
    const lead = ensureBots(ts.ctx, ts.ledger, 1)[0].userId;
    const token = await ts.signUp('bot-follower@example.com');
    const id = (
      ts.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get('bot-follower@example.com') as {
        id: number;
      }
    ).id;
    ts.ledger.post({
      kind: 'deposit',
      ref: `bot-follower-${id}`,
      userId: id,
      entries: [
        { userId: id, account: 'contract', coin: 'USDT', amount: '1000' },
        { house: 'house:deposits', coin: 'USDT', amount: '-1000' },
      ],
    });
    const r = await ts.call(followApi.follow, {
      token,
      body: { traderId: lead, mode: 'fixed', amount: '20', maxTotal: '200' },
    });
    expect(r.code, r.msg).toBe(200);
    const followedAt = ts.clock.now();
    const copy = () =>
      ts.ctx.db
        .prepare('SELECT created_at AS at FROM futures_positions WHERE user_id = ? AND copy_of = ?')
        .get(id, lead) as { at: number } | undefined;
    for (let t = 0; t < 120_000 && !copy(); t += 5_000) await run(5_000);
    expect(copy(), 'no copied position within two minutes').toBeDefined();
    expect(copy()!.at - followedAt).toBeLessThanOrEqual(120_000);
  });

  it('[COPY-24][LEAD-5] the bots close at their exits, their figures earned, the books balanced', async () => {
    const bots = ensureBots(ts.ctx, ts.ledger, 2);
    const ids = bots.map((b) => b.userId);
    // A decision past the longest holding time of the two (Vega: an hour) closes what they hold, through the book.
    for (const bot of bots) stepBot(ts.ctx, ts.ledger, ts.futures, bot, ts.clock.now() + 61 * 60_000);
    await run(2_000);
    const positions = ts.ctx.db
      .prepare(
        `SELECT user_id AS id, status, count(*) AS n FROM futures_positions WHERE user_id IN (?, ?) GROUP BY user_id, status`,
      )
      .all(...ids) as { id: number; status: string; n: number }[];
    const closed = positions.filter((p) => p.status !== 'open').reduce((s, p) => s + p.n, 0);
    expect(closed).toBeGreaterThan(0);
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);

    const list = await ts.call(followApi.followTraders, { query: { sort: 'roi', days: 7 } });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.total).toBe(2);
    expect(list.data.rows.every((r) => r.bot)).toBe(true);
    const traded = list.data.rows.filter((r) => r.windows[0].trades > 0);
    expect(traded.length).toBeGreaterThan(0);
    for (const r of traded) expect(r.windows[0].pnl).not.toBe('0.000000');
  });

  it("a real trader who holds a bot's nickname keeps it; that bot is left out", () => {
    const taken = ts.ctx.db
      .prepare(
        `INSERT INTO users (uid, register_type, account, nickname, credits, invite_code, create_time)
         VALUES ('99999999', 'account', 'orion-fan', 'orion-fan', 0, 'ORIONFAN', 0)`,
      )
      .run().lastInsertRowid;
    ts.ctx.db
      .prepare(
        `INSERT INTO follow_traders (user_id, nickname, share_rate, max_followers, bot, created_at)
         VALUES (?, 'Orion · sim', '0.1', 10, 0, 0)`,
      )
      .run(taken);
    const bots = ensureBots(ts.ctx, ts.ledger, 3);
    expect(bots.map((b) => b.style.key)).toEqual(['atlas', 'vega']);
  });

  it('a bot below half its seed is paid back up to it, once, as a flow', () => {
    const [bot] = ensureBots(ts.ctx, ts.ledger, 1);
    const { available } = ts.ledger.balance(bot.userId, 'contract', 'USDT');
    ts.ledger.post({
      kind: 'transfer',
      ref: String(bot.userId),
      userId: bot.userId,
      entries: [
        { userId: bot.userId, account: 'contract', coin: 'USDT', amount: `-${available}` },
        { house: 'house:deposits', coin: 'USDT', amount: available },
      ],
    });
    topUp(ts.ctx, ts.ledger, bot);
    const b = ts.ledger.balance(bot.userId, 'contract', 'USDT');
    expect(new Decimal(b.available).plus(b.frozen).toFixed()).toBe(BOT_SEED_USDT);
    expect(ts.ledger.posted(BOT_SEED_KIND, `bot:${bot.userId}:2`)).toBeDefined();
    topUp(ts.ctx, ts.ledger, bot);
    expect(ts.ledger.posted(BOT_SEED_KIND, `bot:${bot.userId}:3`)).toBeUndefined();
    expect(checkLedger(sqliteLedgerStore(ts.ctx.db)).problems).toBe(0);
  });
});
