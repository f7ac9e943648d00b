/**
 * Shapes of invitations and rebates, VIP levels and the welfare centre (REB, VIP and WEL rules in
 * docs/spec/rewards.md; spec 2.1 `/invaite`, `/invite`, `/extend`, `/welfare`; 3.3 FINANCIAL_REBATE_SETTING,
 * VIP_LEVEL_SETTING, VIP_DIRECTIONS_SETTING, LOGIN_REGIS_SETTING inviteCodeRequired). The spec shows the routes and
 * settings only: these calls are ours, in section 7's style. Amounts are exact decimal strings; times server ms.
 */
import { z } from 'zod';
import { queryInt } from './strict';
import { pageNum, pageSize } from './paging';
import { DecimalStr } from '../money';

/** GET /api/invite/info: the caller's code and link, the programme's terms and the caller's totals. */
export const InviteInfo = z.object({
  /** The caller's invite code (8 characters, made at registration). */
  code: z.string(),
  /** The registration path with the code (`/register?inviteCode=CODE`); the screen prefixes its own origin. */
  path: z.string(),
  /** FINANCIAL_REBATE_SETTING: whether rebates are paid now, and the three levels' shares of each fee in percent. */
  rebateOpen: z.boolean(),
  ratios: z.tuple([DecimalStr, DecimalStr, DecimalStr]),
  /** LOGIN_REGIS_SETTING inviteCodeRequired (the rules mention it). */
  inviteCodeRequired: z.boolean(),
  /** Invitees at levels 1, 2 and 3. */
  invitees: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  /** Rebates earned in all and today (UTC), in USDT (fees in other coins are counted in their own coin: see byCoin). */
  earned: DecimalStr,
  earnedToday: DecimalStr,
  /** Earned in all, by coin (spot fees are paid in the received coin). */
  byCoin: z.array(z.object({ coin: z.string(), amount: DecimalStr })),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

export const InviteeQuery = z.object({
  pageNum,
  pageSize,
  /** 1, 2 or 3; 0 or absent = every level. */
  level: queryInt(z.number().int().min(0).max(3, 'level is 1, 2 or 3')).default(0),
});
/** One invitee: masked account, level (1 = invited by the caller), registration time, rebates they brought. */
export const Invitee = z.object({
  name: z.string(),
  level: z.number().int().min(1).max(3),
  joinedAt: z.number().int(),
  /** Rebates to the caller from this invitee's fees, in USDT-equivalent of USDT fees (other coins in byCoin). */
  rebate: DecimalStr,
});
export type Invitee = z.infer<typeof Invitee>;
export const InviteePage = z.object({ total: z.number().int().nonnegative(), rows: z.array(Invitee) });
export type InviteePage = z.infer<typeof InviteePage>;

export const RebateQuery = z.object({ pageNum, pageSize });
/** One rebate payment: from one fee of one invitee, at one level. */
export const Rebate = z.object({
  id: z.number().int(),
  time: z.number().int(),
  /** UTC day (ms of its 00:00). */
  day: z.number().int(),
  invitee: z.string(),
  level: z.number().int().min(1).max(3),
  /** Where the fee came from. */
  source: z.enum(['spot', 'futures', 'options']),
  coin: z.string(),
  fee: DecimalStr,
  amount: DecimalStr,
});
export type Rebate = z.infer<typeof Rebate>;
export const RebatePage = z.object({
  total: z.number().int().nonnegative(),
  rows: z.array(Rebate),
  /** Totals by UTC day and coin, newest first (at most 30 days). */
  byDay: z.array(z.object({ day: z.number().int(), coin: z.string(), amount: DecimalStr })),
  /** Totals by invitee and coin, largest first (at most 50). */
  byInvitee: z.array(z.object({ invitee: z.string(), level: z.number().int(), coin: z.string(), amount: DecimalStr })),
});
export type RebatePage = z.infer<typeof RebatePage>;

/** One VIP level of the operator's table, as the screen shows it. */
export const VipLevel = z.object({
  level: z.number().int().min(0).max(12),
  /** 30-day trading volume in USDT from which the level starts (inclusive) and below which the next starts. */
  start: DecimalStr,
  end: DecimalStr,
  /** Fee discount of this level, a fraction ("0.05" = 5 % off every trading fee). */
  feeDiscount: DecimalStr,
});
export type VipLevel = z.infer<typeof VipLevel>;

/**
 * GET /api/vip/info. `open: false` (the default) means the screens show nothing of VIP. When the operator's table
 * is inconsistent the server refuses it (VIP-2): `open` is false and `problem` says why (the operator's log too).
 */
export const VipInfo = z.object({
  open: z.boolean(),
  problem: z.string().nullable(),
  /** The measure: the caller's spot and futures volume in USDT over the last 30 days (VIP-3). */
  volume30d: DecimalStr,
  level: z.number().int().min(0).max(12),
  feeDiscount: DecimalStr,
  /** The next level and the volume still needed, null at the top. */
  next: z.object({ level: z.number().int(), needed: DecimalStr }).nullable(),
  levels: z.array(VipLevel),
});
export type VipInfo = z.infer<typeof VipInfo>;

/** The welfare centre's tasks (WEL-1): what a new customer does, each rewarded once. */
export const WELFARE_TASKS = ['verifyIdentity', 'firstDeposit', 'firstTrade', 'inviteFriend'] as const;
export const WelfareTaskId = z.enum(WELFARE_TASKS);
export type WelfareTaskId = z.infer<typeof WelfareTaskId>;

export const WelfareTask = z.object({
  id: WelfareTaskId,
  /** The reward, credited to the platform account as a deposit bonus. */
  coin: z.string(),
  amount: DecimalStr,
  /** 'todo': not done yet; 'claimable': done, not claimed; 'claimed': paid (claimedAt set). */
  state: z.enum(['todo', 'claimable', 'claimed']),
  claimedAt: z.number().int().nullable(),
  /** Days after registration within which the task must be done to be claimable; null = no limit. */
  windowDays: z.number().int().nullable(),
  /** When the window closes (registration + windowDays), null = never. */
  deadline: z.number().int().nullable(),
});
export type WelfareTask = z.infer<typeof WelfareTask>;
export const WelfareInfo = z.object({
  tasks: z.array(WelfareTask),
  /** Paid in all, in USDT. */
  claimedTotal: DecimalStr,
});
export type WelfareInfo = z.infer<typeof WelfareInfo>;
export const WelfareClaimBody = z.object({ task: WelfareTaskId });
export const WelfareClaimResult = z.object({
  task: WelfareTaskId,
  coin: z.string(),
  amount: DecimalStr,
  bonusId: z.string(),
});
export type WelfareClaimResult = z.infer<typeof WelfareClaimResult>;
