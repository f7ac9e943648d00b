/**
 * The simulated lead traders (COPY-3, COPY-24): FOLLOW_BOTS accounts that trade futures on the simulated market
 * like users do (through the futures service, so their orders are mirrored and journaled), so their figures are
 * earned by their own trades.
 *
 * - Each bot is a user that cannot sign in (an account name, no password, no email or phone), funded once from
 *   house:genesis (journal kind `bot_seed`), registered in follow_traders with bot = 1.
 * - Every FOLLOW_BOT_INTERVAL_MS each bot closes what its exits say (`shouldClose`: take-profit, stop-loss,
 *   holding time; LEAD-5) and opens at most one position (`wantsToOpen`: its own pace, or a new follower, LEAD-2,
 *   LEAD-3) on a free pair of its three where its style gives a side (`signal`, LEAD-4), with BOT_MARGIN_SHARE of
 *   its equity as margin (LEAD-1). Each of these is pure and deterministic.
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
  /** The pairs it trades (LEAD-1): one position per pair at most; the first is its home pair. */
  symbols: readonly string[];
  style: BotStyleKind;
  leverage: number;
  /** Close after holding this long (ms). */
  holdMs: number;
  /** Close when the mark has moved this fraction from the entry in the position's favour (take profit)... */
  takeProfit: string;
  /** ...or this fraction against it (stop loss). Both are wider than the round trip's fees (0.2 %). */
  stopLoss: string;
  /** On its own, it opens a new position at most this often (LEAD-2). */
  openEveryMs: number;
}

/**
 * Within this long of a follower starting to follow it, a bot opens its next position at its next decision,
 * whatever its own pace (LEAD-3): the copy a new follower is waiting for.
 */
export const BOT_FOLLOWER_WINDOW_MS = 2 * 60_000;

/** The bots, in the order FOLLOW_BOTS takes them (LEAD-1). */
export const BOT_STYLES: readonly BotStyle[] = [
  {
    key: 'atlas',
    nickname: 'Atlas · sim',
    symbols: ['btcusdt', 'ethusdt', 'ltcusdt'],
    style: 'trend',
    leverage: 10,
    holdMs: 45 * 60_000,
    takeProfit: '0.008',
    stopLoss: '0.004',
    openEveryMs: 20 * 60_000,
  },
  {
    key: 'vega',
    nickname: 'Vega · sim',
    symbols: ['ethusdt', 'bnbusdt', 'adausdt'],
    style: 'meanRevert',
    leverage: 5,
    holdMs: 60 * 60_000,
    takeProfit: '0.004',
    stopLoss: '0.008',
    openEveryMs: 25 * 60_000,
  },
  {
    key: 'orion',
    nickname: 'Orion · sim',
    symbols: ['solusdt', 'avaxusdt', 'dotusdt'],
    style: 'breakout',
    leverage: 20,
    holdMs: 30 * 60_000,
    takeProfit: '0.006',
    stopLoss: '0.004',
    openEveryMs: 15 * 60_000,
  },
  {
    key: 'lyra',
    nickname: 'Lyra · sim',
    symbols: ['bnbusdt', 'btcusdt', 'linkusdt'],
    style: 'trend',
    leverage: 5,
    holdMs: 90 * 60_000,
    takeProfit: '0.012',
    stopLoss: '0.006',
    openEveryMs: 40 * 60_000,
  },
  {
    key: 'draco',
    nickname: 'Draco · sim',
    symbols: ['xrpusdt', 'trxusdt', 'solusdt'],
    style: 'meanRevert',
    leverage: 10,
    holdMs: 45 * 60_000,
    takeProfit: '0.005',
    stopLoss: '0.007',
    openEveryMs: 20 * 60_000,
  },
  {
    key: 'nova',
    nickname: 'Nova · sim',
    symbols: ['dogeusdt', 'xrpusdt', 'ethusdt'],
    style: 'breakout',
    leverage: 10,
    holdMs: 40 * 60_000,
    takeProfit: '0.01',
    stopLoss: '0.005',
    openEveryMs: 30 * 60_000,
  },
];
/** What a bot is funded with once (USDT in its contract account). */
export const BOT_SEED_USDT = '10000';
/** The share of its equity a bot puts up as margin on each opening (up to three positions open at once). */
export const BOT_MARGIN_SHARE = '0.05';
export const BOT_SEED_KIND = 'bot_seed';

const stores = new WeakMap<ServerContext['db'], StatsStore>();
const storeOf = (ctx: ServerContext): StatsStore => {
  let s = stores.get(ctx.db);
  if (!s) stores.set(ctx.db, (s = sqliteStatsStore(ctx.db)));
  return s;
};

export type BotSide = 'long' | 'short';

const mean = (xs: Decimal[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).div(xs.length);

/**
 * The side a bot's style takes on a pair now (LEAD-4), from its last 1m candles (oldest first), or undefined
 * without enough history or in a perfectly flat market: a trend follower goes with the last close against the
 * 10-minute mean, a mean reverter against the 20-minute mean, a breakout trader with a break of the previous
 * 15 minutes' range, else with the quarter hour's drift. Pure and deterministic.
 */
export function signal(style: BotStyle, candles: readonly Candle[]): BotSide | undefined {
  const closes = candles.map((c) => new Decimal(c.close));
  if (closes.length < 21) return undefined;
  const last = closes[closes.length - 1];
  const prev = closes[closes.length - 2];
  const by = (d: Decimal): BotSide | undefined => (d.gt(0) ? 'long' : d.lt(0) ? 'short' : undefined);
  if (style.style === 'trend') return by(last.minus(mean(closes.slice(-10)))) ?? by(last.minus(prev));
  if (style.style === 'meanRevert') {
    const s = by(mean(closes.slice(-20)).minus(last));
    return s ?? by(prev.minus(last));
  }
  const prior = candles.slice(-16, -1);
  const high = Decimal.max(...prior.map((c) => c.high));
  const low = Decimal.min(...prior.map((c) => c.low));
  if (last.gt(high)) return 'long';
  if (last.lt(low)) return 'short';
  return by(last.minus(closes[closes.length - 16]));
}

/**
 * Whether a bot closes its open position now (LEAD-5): after its holding time, or when the mark has moved its
 * take-profit fraction in the position's favour or its stop-loss fraction against it.
 */
export function shouldClose(
  style: BotStyle,
  pos: Pick<Position, 'side' | 'entryPrice' | 'createTime'>,
  mark: string | undefined,
  now: number,
): boolean {
  if (now - pos.createTime >= style.holdMs) return true;
  if (!mark) return false;
  const move = new Decimal(mark)
    .div(pos.entryPrice)
    .minus(1)
    .times(pos.side === 'long' ? 1 : -1);
  return move.gte(style.takeProfit) || move.lte(new Decimal(style.stopLoss).neg());
}

/**
 * Whether a bot opens a position now (LEAD-2, LEAD-3): its own pace has come round since its last opening, or a
 * follower started following it within BOT_FOLLOWER_WINDOW_MS and after its last opening.
 */
export function wantsToOpen(
  style: BotStyle,
  now: number,
  lastOpenAt: number | undefined,
  lastFollowAt: number | undefined,
): boolean {
  if (lastOpenAt === undefined || now - lastOpenAt >= style.openEveryMs) return true;
  return lastFollowAt !== undefined && lastFollowAt > lastOpenAt && now - lastFollowAt <= BOT_FOLLOWER_WINDOW_MS;
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
 * A bot whose contract account has fallen below half its seed when it opens is paid back up to the seed from
 * house:genesis (kind `bot_seed`, a flow: it is no result, and it joins the return's base), so the simulation
 * goes on for good (COPY-24).
 */
export function topUp(ctx: ServerContext, ledger: Ledger, bot: Bot): void {
  const b = ledger.balance(bot.userId, 'contract', 'USDT');
  const equity = new Decimal(b.available).plus(b.frozen);
  if (equity.gte(new Decimal(BOT_SEED_USDT).div(2))) return;
  const amount = new Decimal(BOT_SEED_USDT).minus(equity).toFixed();
  // The count is read from SQL, which lags the ledger's queued rows inside a batch (LEDGER-11): step past any
  // ref the ledger already holds.
  let n = storeOf(ctx).journalCount(BOT_SEED_KIND, bot.userId) + 1;
  while (ledger.posted(BOT_SEED_KIND, `bot:${bot.userId}:${n}`)) n++;
  ledger.post({
    kind: BOT_SEED_KIND,
    ref: `bot:${bot.userId}:${n}`,
    userId: bot.userId,
    memo: `Simulated lead trader ${bot.style.nickname}: topped up to its starting margin`,
    entries: [
      { userId: bot.userId, account: 'contract', coin: 'USDT', amount },
      { house: 'house:genesis', coin: 'USDT', amount: `-${amount}` },
    ],
  });
  ctx.log.info({ event: 'follow_bot_topped_up', bot: bot.style.key, amount });
}

/** One decision of one bot: closes what its exits say, then opens at most one position; refusals are logged. */
export function stepBot(ctx: ServerContext, ledger: Ledger, futures: FuturesModule, bot: Bot, now: number): void {
  const { style, userId } = bot;
  const open = futures.openPositions(userId).filter((p) => !p.copyOf);
  const act = (what: string, symbol: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof ApiFail)
        ctx.log.info({ event: 'follow_bot_refused', bot: style.key, action: what, symbol, msg: err.message });
      else ctx.log.error({ event: 'follow_bot_failed', bot: style.key, err });
    }
  };
  for (const pos of open) {
    if (!style.symbols.includes(pos.symbol)) continue;
    const shares = new Decimal(pos.shares).minus(pos.closingShares);
    if (shares.lte(0) || !shouldClose(style, pos, ctx.marks.current(pos.symbol)?.price, now)) continue;
    act('close', pos.symbol, () =>
      futures.service.submit(userId, {
        symbol: pos.symbol,
        side: pos.side,
        action: 'close',
        type: 'market',
        shares: shares.toFixed(),
      }),
    );
  }
  const store = storeOf(ctx);
  if (!wantsToOpen(style, now, store.lastOpenTime(userId), store.lastFollowStart(userId))) return;
  const held = new Set(open.map((p) => p.symbol));
  for (const symbol of style.symbols) {
    const pair = futures.service.deps.pair(symbol);
    const mark = ctx.marks.current(symbol)?.price;
    if (held.has(symbol) || !pair || !mark || !ctx.market.has(symbol)) continue;
    const side = signal(style, ctx.market.history(symbol, '1m', 30));
    if (!side) continue;
    topUp(ctx, ledger, bot);
    const b = ledger.balance(userId, 'contract', 'USDT');
    const margin = new Decimal(b.available).plus(b.frozen).times(BOT_MARGIN_SHARE);
    const perShare = new Decimal(initialMargin(pair, '1', mark, style.leverage));
    if (perShare.lte(0)) continue;
    const shares = Decimal.min(margin.div(perShare).toDecimalPlaces(0, Decimal.ROUND_DOWN), pair.maxShare);
    if (shares.lt(pair.minShare) || shares.lte(0)) {
      ctx.log.info({ event: 'follow_bot_idle', bot: style.key, reason: 'equity too small' });
      return;
    }
    act('open', symbol, () =>
      futures.service.submit(userId, {
        symbol,
        side,
        action: 'open',
        type: 'market',
        shares: shares.toFixed(),
        leverage: style.leverage,
      }),
    );
    return;
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
