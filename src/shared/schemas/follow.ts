/**
 * Shapes of copy trading (COPY rules in docs/spec/follow.md; spec 2.4 `/follow`, 3.3 TRADER_SETTING, 7.4
 * `record/broker`). The spec names the screen, the setting and the record call only: these calls are ours, in
 * section 7's style. Lead traders are real accounts trading futures; every figure comes from their journaled trades.
 */
import { z } from 'zod';
import { amountStr, bodyInt, queryInt } from './strict';
import { pageNum, pageSize } from './paging';
import { DecimalStr } from '../money';
import { PositionSide } from './futures';

const traderId = z.number().int().positive('Choose a trader');
const Id = queryInt(traderId);
const BodyId = bodyInt(traderId);

/** A lead trader's figures over a window (7, 30 or 90 days), all from the journal (COPY-9). */
export const TraderWindow = z.object({
  days: z.number().int(),
  /** Return as a fraction ("0.0312" = 3.12 %): PnL over the equity at the window's start plus deposits into it. */
  roi: DecimalStr,
  /** Realised PnL (after fees and funding) in USDT. */
  pnl: DecimalStr,
  /** Closed positions with a profit over closed positions; null with none closed. */
  winRate: DecimalStr.nullable(),
  /** Largest fall from a peak of the equity curve, as a fraction. */
  maxDrawdown: DecimalStr,
  trades: z.number().int().nonnegative(),
});
export type TraderWindow = z.infer<typeof TraderWindow>;

export const TraderSummary = z.object({
  traderId: z.number().int().positive(),
  nickname: z.string(),
  /** Simulated lead traders run by the reference server's bots say so (COPY-3). */
  bot: z.boolean(),
  since: z.number().int(),
  /** The profit share followers pay on their profits (a fraction, TRADER_SETTING.shareRate by default). */
  shareRate: DecimalStr,
  followers: z.number().int().nonnegative(),
  maxFollowers: z.number().int().nonnegative(),
  /** Margin of the followers' open copied positions plus their unused caps: the assets following this trader. */
  aum: DecimalStr,
  /** The trader's contract-account equity now (USDT). */
  equity: DecimalStr,
  windows: z.array(TraderWindow),
});
export type TraderSummary = z.infer<typeof TraderSummary>;

export const TraderSort = z.enum(['roi', 'pnl', 'winRate', 'followers', 'drawdown']);
export type TraderSort = z.infer<typeof TraderSort>;
export const TraderListQuery = z.object({
  sort: TraderSort.default('roi'),
  /** Which window the sort reads: 7, 30 or 90 days. */
  days: queryInt(z.number().int())
    .refine((d) => d === 7 || d === 30 || d === 90, 'days is 7, 30 or 90')
    .default(30),
  pageNum,
  pageSize,
});
export const TraderPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(TraderSummary) });
export type TraderPage = z.infer<typeof TraderPage>;

export const TraderIdQuery = z.object({ id: Id });
/** A point of the equity curve: contract-account equity (USDT) at the end of an hour. */
export const EquityPoint = z.object({ time: z.number().int(), equity: DecimalStr });
/** One of a lead trader's positions as followers see it (open ones without size, COPY-10). */
export const TraderTrade = z.object({
  id: z.number().int(),
  symbol: z.string(),
  side: PositionSide,
  leverage: z.number().int(),
  entryPrice: DecimalStr,
  closePrice: DecimalStr.nullable(),
  pnl: DecimalStr.nullable(),
  openedAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type TraderTrade = z.infer<typeof TraderTrade>;
export const TraderDetail = z.object({
  summary: TraderSummary,
  equity: z.array(EquityPoint),
  open: z.array(TraderTrade),
  closed: z.array(TraderTrade),
  /** Whether the caller follows this trader (false when signed out). */
  following: z.boolean(),
});
export type TraderDetail = z.infer<typeof TraderDetail>;

/**
 * POST /api/follow/follow and /api/follow/update (COPY-4): `fixed` = each copied order uses `amount` USDT of
 * margin; `ratio` = the lead's margin times `ratio`. `maxTotal` caps the margin of all open copied positions;
 * `stopLoss` stops the following once the copied positions have lost that much (realised, USDT). Honours
 * Idempotency-Key.
 */
export const FollowMode = z.enum(['fixed', 'ratio']);
export type FollowMode = z.infer<typeof FollowMode>;
export const FollowBody = z.object({
  traderId: BodyId,
  mode: FollowMode,
  amount: amountStr().optional(),
  ratio: amountStr({ field: 'Ratio' }).optional(),
  maxTotal: amountStr({ field: 'Most margin' }),
  stopLoss: amountStr({ field: 'Stop-loss' }).optional(),
});
export type FollowBody = z.infer<typeof FollowBody>;
export const UnfollowBody = z.object({
  traderId: BodyId,
  /** Close the copied positions at market too (otherwise they stay open and are closed by hand). */
  closePositions: z.boolean().default(false),
});

export const FollowStatus = z.enum(['active', 'stopped', 'ended']);
/** Something that happened to a follow: a copied order, a skip and why, a profit share paid, a stop (COPY-6). */
export const FollowEvent = z.object({
  id: z.number().int(),
  time: z.number().int(),
  kind: z.enum(['copied', 'skipped', 'closed', 'share', 'stopped']),
  symbol: z.string().nullable(),
  message: z.string(),
  amount: DecimalStr.nullable(),
});
export type FollowEvent = z.infer<typeof FollowEvent>;
export const Follow = z.object({
  traderId: z.number().int(),
  nickname: z.string(),
  mode: FollowMode,
  amount: DecimalStr.nullable(),
  ratio: DecimalStr.nullable(),
  maxTotal: DecimalStr,
  stopLoss: DecimalStr.nullable(),
  status: FollowStatus,
  since: z.number().int(),
  /** Margin in open copied positions now, realised PnL of closed copies, profit share paid. */
  marginUsed: DecimalStr,
  realisedPnl: DecimalStr,
  sharePaid: DecimalStr,
  /** The open copied positions' ids (the futures position list shows them with `copyOf`). */
  positionIds: z.array(z.number().int()),
  events: z.array(FollowEvent),
});
export type Follow = z.infer<typeof Follow>;
export const FollowList = z.array(Follow);

/** The trader programme (COPY-7): the rules, whether the caller meets them, and the caller's dashboard. */
export const TraderRule = z.object({
  rule: z.enum(['equity', 'identity', 'notTrader']),
  /** The figures of the rule (what it asks and what the caller has, e.g. "1000 USDT"), empty when it has none. */
  need: z.string(),
  have: z.string(),
  met: z.boolean(),
});
export const TraderProgramme = z.object({
  isTrader: z.boolean(),
  rules: z.array(TraderRule),
  /** TRADER_SETTING figures: share rate, follower limits, least equity, highest share a trader may set (percent). */
  shareRate: DecimalStr,
  defaultUserCount: z.number().int(),
  maxUserCount: z.number().int(),
  traderMinAmount: DecimalStr,
  highRebate: DecimalStr,
  /** Live totals of the programme (TRADER_SETTING's perUser, totalRebate, totalUserCount, totalAmountCount). */
  totalTraders: z.number().int(),
  totalFollowers: z.number().int(),
  totalShare: DecimalStr,
  totalAum: DecimalStr,
});
export type TraderProgramme = z.infer<typeof TraderProgramme>;
export const TraderApplyBody = z.object({
  nickname: z
    .string()
    .trim()
    .min(2, 'A nickname has at least 2 characters')
    .max(24, 'A nickname has at most 24 characters'),
  /** The profit share the trader asks (a fraction, at most highRebate / 100). */
  shareRate: amountStr({ field: 'Profit share' }),
});
export type TraderApplyBody = z.infer<typeof TraderApplyBody>;
export const TraderDashboard = z.object({
  summary: TraderSummary,
  followers: z.array(
    z.object({
      /** Masked account name. */
      name: z.string(),
      since: z.number().int(),
      marginUsed: DecimalStr,
      realisedPnl: DecimalStr,
      sharePaid: DecimalStr,
    }),
  ),
  /** Profit share received, newest first. */
  shares: z.array(z.object({ time: z.number().int(), follower: z.string(), symbol: z.string(), amount: DecimalStr })),
  shareTotal: DecimalStr,
});
export type TraderDashboard = z.infer<typeof TraderDashboard>;
