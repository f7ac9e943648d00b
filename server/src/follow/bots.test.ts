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
import { BOT_COOLDOWN_MS, BOT_SEED_KIND, BOT_SEED_USDT, BOT_STYLES, decide, ensureBots, topUp } from './bots';

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
  it('opens with the trend, against a stretch, on a breakout', () => {
    expect(decide(trend, rising, '129', undefined, 0)).toEqual({ do: 'open', side: 'long' });
    expect(decide(trend, falling, '171', undefined, 0)).toEqual({ do: 'open', side: 'short' });
    expect(decide(revert, rising, '129', undefined, 0)).toEqual({ do: 'open', side: 'short' });
    expect(decide(revert, falling, '171', undefined, 0)).toEqual({ do: 'open', side: 'long' });
    expect(decide(breakout, rising, '129', undefined, 0)).toEqual({ do: 'open', side: 'long' });
    const flat = candles(Array.from({ length: 30 }, () => 100));
    expect(decide(trend, flat, '100', undefined, 0)).toEqual({ do: 'wait' });
    expect(decide(breakout, flat, '100', undefined, 0)).toEqual({ do: 'wait' });
  });

  it('one style per bot FOLLOW_BOTS allows', () => {
    expect(BOT_STYLES).toHaveLength(6);
    expect(new Set(BOT_STYLES.map((b) => b.symbol)).size).toBe(6);
  });

  it('closes after its holding time, on a move, or when its reason is gone; waits without history', () => {
    const pos = { side: 'long' as const, entryPrice: '129', createTime: 0 };
    expect(decide(trend, rising, '129', pos, 60_000)).toEqual({ do: 'wait' });
    expect(decide(trend, rising, '129', pos, trend.holdMs)).toEqual({ do: 'close' });
    expect(decide(trend, rising, '140', pos, 60_000)).toEqual({ do: 'close' });
    expect(decide(trend, falling, '129', pos, 60_000)).toEqual({ do: 'close' });
    expect(decide(trend, rising.slice(0, 5), '129', undefined, 0)).toEqual({ do: 'wait' });
    expect(decide(trend, rising.slice(0, 5), '129', pos, trend.holdMs)).toEqual({ do: 'close' });
    // After a close it waits before opening again.
    expect(decide(trend, rising, '129', undefined, BOT_COOLDOWN_MS - 1, 0)).toEqual({ do: 'wait' });
    expect(decide(trend, rising, '129', undefined, BOT_COOLDOWN_MS, 0)).toEqual({ do: 'open', side: 'long' });
  });
});

describe('[COPY-3] [COPY-24] two bots trade the simulated market', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ clock: 'manual', env: { FOLLOW_BOTS: '2', FOLLOW_BOT_INTERVAL_MS: '20000' } });
  });
  afterAll(() => ts.stop());

  const run = (ms: number) => {
    for (let t = 0; t < ms; t += 500) {
      ts.clock.advance(500);
      ts.ctx.scheduler.runDue(ts.clock.now());
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

    run(15 * 60_000);
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
