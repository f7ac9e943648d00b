/**
 * The simulated lead traders (COPY-3, COPY-24): FOLLOW_BOTS accounts that trade futures on the simulated market
 * like users do (through the futures service, so their orders are mirrored and journaled), so their figures are
 * earned by their own trades.
 *
 * - Each bot is a user that cannot sign in (an account name, no password, no email or phone), funded once from
 *   house:genesis (journal kind `bot_seed`), registered in follow_traders with bot = 1.
 * - Every FOLLOW_BOT_INTERVAL_MS each bot decides from its pair's 1m closes and the mark (`decide`, pure and
 *   deterministic) whether to open, close or wait; it opens with BOT_MARGIN_SHARE of its equity as margin.
 * - A refusal (not enough margin, a pair switched off...) is logged, never thrown.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { Candle } from '../../../src/shared/protocol';
import type { Position } from '../../../src/shared/schemas/futures';
import { initialMargin } from '../../../src/shared/trading/futuresRules';
import type { ServerContext } from '../context';
import { readSetting } from '../db/settingsStore';
import type { FuturesModule } from '../futures/index';
import { ApiFail } from '../http/failures';
import { Users } from '../identity/users';
import type { Ledger } from '../ledger/service';
import { sqliteStatsStore, type StatsStore } from './statsStore';

export type BotStyleKind = 'trend' | 'meanRevert' | 'breakout';

export interface BotStyle {
  key: string;
  nickname: string;
  symbol: string;
  style: BotStyleKind;
  leverage: number;
  /** Close after holding this long (ms). */
  holdMs: number;
  /** Close on a move of the mark from the entry of this fraction either way. */
  exitMove: string;
}

/** A bot waits this long after a close before it opens again (fees would eat a bot that trades all the time). */
export const BOT_COOLDOWN_MS = 10 * 60_000;

/** The bots, in the order FOLLOW_BOTS takes them. */
export const BOT_STYLES: readonly BotStyle[] = [
  {
    key: 'atlas',
    nickname: 'Atlas · sim',
    symbol: 'btcusdt',
    style: 'trend',
    leverage: 10,
    holdMs: 20 * 60_000,
    exitMove: '0.015',
  },
  {
    key: 'vega',
    nickname: 'Vega · sim',
    symbol: 'ethusdt',
    style: 'meanRevert',
    leverage: 5,
    holdMs: 30 * 60_000,
    exitMove: '0.02',
  },
  {
    key: 'orion',
    nickname: 'Orion · sim',
    symbol: 'solusdt',
    style: 'breakout',
    leverage: 20,
    holdMs: 15 * 60_000,
    exitMove: '0.01',
  },
  {
    key: 'lyra',
    nickname: 'Lyra · sim',
    symbol: 'bnbusdt',
    style: 'trend',
    leverage: 5,
    holdMs: 40 * 60_000,
    exitMove: '0.03',
  },
  {
    key: 'draco',
    nickname: 'Draco · sim',
    symbol: 'xrpusdt',
    style: 'meanRevert',
    leverage: 10,
    holdMs: 20 * 60_000,
    exitMove: '0.015',
  },
  {
    key: 'nova',
    nickname: 'Nova · sim',
    symbol: 'dogeusdt',
    style: 'breakout',
    leverage: 10,
    holdMs: 25 * 60_000,
    exitMove: '0.02',
  },
];
/** What a bot is funded with once (USDT in its contract account). */
export const BOT_SEED_USDT = '10000';
/** The share of its equity a bot puts up as margin on each opening. */
export const BOT_MARGIN_SHARE = '0.1';
export const BOT_SEED_KIND = 'bot_seed';

const stores = new WeakMap<ServerContext['db'], StatsStore>();
const storeOf = (ctx: ServerContext): StatsStore => {
  let s = stores.get(ctx.db);
  if (!s) stores.set(ctx.db, (s = sqliteStatsStore(ctx.db)));
  return s;
};

export type BotAction = { do: 'open'; side: 'long' | 'short' } | { do: 'close' } | { do: 'wait' };

const mean = (xs: Decimal[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).div(xs.length);

/**
 * What a bot does now (COPY-24), from its pair's 1m candles (oldest first), the mark, its open position and the
 * time, and when it last closed (it waits BOT_COOLDOWN_MS after a close): deterministic, so a run can be replayed
 * from the market's history.
 */
export function decide(
  style: BotStyle,
  candles: readonly Candle[],
  mark: string | undefined,
  pos: Pick<Position, 'side' | 'entryPrice' | 'createTime'> | undefined,
  now: number,
  lastCloseAt?: number,
): BotAction {
  if (!pos && lastCloseAt !== undefined && now - lastCloseAt < BOT_COOLDOWN_MS) return { do: 'wait' };
  const closes = candles.map((c) => new Decimal(c.close));
  if (closes.length < 21 || !mark)
    return pos && now - pos.createTime >= style.holdMs ? { do: 'close' } : { do: 'wait' };
  const last = closes[closes.length - 1];
  const sma10 = mean(closes.slice(-10));
  const sma20 = mean(closes.slice(-20));
  if (pos) {
    if (now - pos.createTime >= style.holdMs) return { do: 'close' };
    const move = new Decimal(mark).div(pos.entryPrice).minus(1).abs();
    if (move.gte(style.exitMove)) return { do: 'close' };
    const long = pos.side === 'long';
    if (style.style === 'trend' && (long ? last.lt(sma10) : last.gt(sma10))) return { do: 'close' };
    if (style.style === 'meanRevert' && (long ? last.gte(sma20) : last.lte(sma20))) return { do: 'close' };
    return { do: 'wait' };
  }
  if (style.style === 'trend') {
    if (last.gt(sma10)) return { do: 'open', side: 'long' };
    if (last.lt(sma10)) return { do: 'open', side: 'short' };
    return { do: 'wait' };
  }
  if (style.style === 'meanRevert') {
    const dev = last.div(sma20).minus(1);
    if (dev.gt('0.0005')) return { do: 'open', side: 'short' };
    if (dev.lt('-0.0005')) return { do: 'open', side: 'long' };
    return { do: 'wait' };
  }
  const prior = candles.slice(-16, -1);
  const high = Decimal.max(...prior.map((c) => c.high));
  const low = Decimal.min(...prior.map((c) => c.low));
  if (last.gt(high)) return { do: 'open', side: 'long' };
  if (last.lt(low)) return { do: 'open', side: 'short' };
  // No breakout: lean with the last quarter hour's drift, so the bot still trades in a quiet market.
  const drift = last.div(closes[closes.length - 16]).minus(1);
  if (drift.gt('0.002')) return { do: 'open', side: 'long' };
  if (drift.lt('-0.002')) return { do: 'open', side: 'short' };
  return { do: 'wait' };
}

export interface Bot {
  style: BotStyle;
  userId: number;
}

/** Makes sure the first `count` bots exist, are funded and are lead traders; returns them (COPY-24). */
export function ensureBots(ctx: ServerContext, ledger: Ledger, count: number): Bot[] {
  const users = new Users(ctx.db);
  const store = storeOf(ctx);
  const trader = readSetting(ctx.db, 'TRADER_SETTING');
  const bots: Bot[] = [];
  for (const style of BOT_STYLES.slice(0, count)) {
    const userId = ledger.transaction(() => {
      const now = ctx.clock.now();
      const known = store.traderByNickname(style.nickname);
      if (known && !known.bot) return undefined;
      let id = known?.userId;
      if (id === undefined) {
        let account = `sim-${style.key}`;
        for (let n = 2; users.identifierTaken(account); n++) account = `sim-${style.key}-${n}`;
        // No password, no email or phone: nobody can sign in as a bot or reset its password.
        id = users.create({ registerType: 'account', account, credits: 0, now }).id;
        store.insertTrader({
          userId: id,
          nickname: style.nickname,
          shareRate: trader.shareRate,
          maxFollowers: trader.defaultUserCount,
          bot: true,
          createdAt: now,
        });
      }
      const ref = `bot:${id}`;
      if (!ledger.posted(BOT_SEED_KIND, ref))
        ledger.post({
          kind: BOT_SEED_KIND,
          ref,
          userId: id,
          memo: `Simulated lead trader ${style.nickname}: starting margin`,
          entries: [
            { userId: id, account: 'contract', coin: 'USDT', amount: BOT_SEED_USDT },
            { house: 'house:genesis', coin: 'USDT', amount: `-${BOT_SEED_USDT}` },
          ],
        });
      return id;
    });
    if (userId === undefined) ctx.log.warn({ event: 'follow_bot_skipped', bot: style.key, reason: 'nickname taken' });
    else bots.push({ style, userId });
  }
  return bots;
}

/**
 * A bot whose equity has fallen below half its seed (with no position open) is paid back up to the seed from
 * house:genesis (kind `bot_seed`, a flow: it is no result, and it joins the return's base), so the simulation
 * goes on for good (COPY-24).
 */
export function topUp(ctx: ServerContext, ledger: Ledger, bot: Bot): void {
  const b = ledger.balance(bot.userId, 'contract', 'USDT');
  const equity = new Decimal(b.available).plus(b.frozen);
  if (equity.gte(new Decimal(BOT_SEED_USDT).div(2))) return;
  const amount = new Decimal(BOT_SEED_USDT).minus(equity).toFixed();
  const n = storeOf(ctx).journalCount(BOT_SEED_KIND, bot.userId);
  ledger.post({
    kind: BOT_SEED_KIND,
    ref: `bot:${bot.userId}:${n + 1}`,
    userId: bot.userId,
    memo: `Simulated lead trader ${bot.style.nickname}: topped up to its starting margin`,
    entries: [
      { userId: bot.userId, account: 'contract', coin: 'USDT', amount },
      { house: 'house:genesis', coin: 'USDT', amount: `-${amount}` },
    ],
  });
  ctx.log.info({ event: 'follow_bot_topped_up', bot: bot.style.key, amount });
}

/** One decision and order of one bot; refusals are logged (COPY-24). */
export function stepBot(ctx: ServerContext, ledger: Ledger, futures: FuturesModule, bot: Bot, now: number): void {
  const { style, userId } = bot;
  const pair = futures.service.deps.pair(style.symbol);
  if (!pair || !ctx.market.has(style.symbol)) return;
  const pos = futures.openPositions(userId).find((p) => p.symbol === style.symbol);
  const candles = ctx.market.history(style.symbol, '1m', 30);
  const mark = ctx.marks.current(style.symbol)?.price;
  const lastClose = storeOf(ctx).lastCloseTime(userId);
  const action = decide(style, candles, mark, pos, now, lastClose);
  try {
    if (action.do === 'close' && pos) {
      const shares = new Decimal(pos.shares).minus(pos.closingShares);
      if (shares.lte(0)) return;
      futures.service.submit(userId, {
        symbol: style.symbol,
        side: pos.side,
        action: 'close',
        type: 'market',
        shares: shares.toFixed(),
      });
    } else if (action.do === 'open' && !pos && mark) {
      topUp(ctx, ledger, bot);
      const b = ledger.balance(userId, 'contract', 'USDT');
      const margin = new Decimal(b.available).plus(b.frozen).times(BOT_MARGIN_SHARE);
      const perShare = new Decimal(initialMargin(pair, '1', mark, style.leverage));
      if (perShare.lte(0)) return;
      const shares = Decimal.min(margin.div(perShare).toDecimalPlaces(0, Decimal.ROUND_DOWN), pair.maxShare);
      if (shares.lt(pair.minShare) || shares.lte(0)) {
        ctx.log.info({ event: 'follow_bot_idle', bot: style.key, reason: 'equity too small' });
        return;
      }
      futures.service.submit(userId, {
        symbol: style.symbol,
        side: action.side,
        action: 'open',
        type: 'market',
        shares: shares.toFixed(),
        leverage: style.leverage,
      });
    }
  } catch (err) {
    if (err instanceof ApiFail)
      ctx.log.info({ event: 'follow_bot_refused', bot: style.key, action: action.do, msg: err.message });
    else ctx.log.error({ event: 'follow_bot_failed', bot: style.key, err });
  }
}

/** The bots' scheduler job; returns the function that removes it. */
export function startBots(ctx: ServerContext, ledger: Ledger, futures: FuturesModule, bots: Bot[]): () => void {
  if (bots.length === 0) return () => {};
  return ctx.scheduler.add({
    name: 'follow-bots',
    everyMs: ctx.config.followBotIntervalMs,
    step: (now) => {
      for (const bot of bots) stepBot(ctx, ledger, futures, bot, now);
    },
  });
}
