/**
 * Shapes of the finance products (FIN rules in docs/spec/finance.md; spec 2.1 `/finance`, `/finance/subscribe/{id}`,
 * 3.3 MING_SETTLEMENT_SETTING, 7.1 `getFinanceAmount`). The spec names the screens and the setting only: these
 * calls are ours, in section 7's style. Amounts are exact decimal strings; times are server ms; days are UTC days.
 */
import { z } from 'zod';
import { amountStr, bodyInt, queryInt } from './strict';
import { pageNum, pageSize } from './paging';
import { DecimalStr } from '../money';

/** Flexible: no term, redeem any time. Fixed: a term in days, principal locked until maturity. */
export const FinanceKind = z.enum(['flexible', 'fixed']);
export type FinanceKind = z.infer<typeof FinanceKind>;
/**
 * What early redemption of a fixed product does (FIN-5): `forfeit` = the principal comes back at once and the
 * interest accrued is given up; `none` = no early redemption. Flexible products redeem any time (`anytime`).
 */
export const EarlyRedeem = z.enum(['anytime', 'forfeit', 'none']);
export type EarlyRedeem = z.infer<typeof EarlyRedeem>;

export const FinanceProduct = z.object({
  id: z.number().int().positive(),
  coin: z.string(),
  /** Display name, e.g. "USDT Flexible" or "USDT 30 days". */
  name: z.string(),
  kind: FinanceKind,
  /** Term in days; 0 for flexible. */
  termDays: z.number().int().nonnegative(),
  /** Annual rate as a fraction ("0.05" = 5 %); interest per day = principal x apr / 365, rounded down (FIN-3). */
  apr: DecimalStr,
  /** Least and most one user may hold in the product (the most counts every open holding of the user). */
  minAmount: DecimalStr,
  maxAmount: DecimalStr,
  /** The product's total quota and what is left of it. */
  quota: DecimalStr,
  remaining: DecimalStr,
  earlyRedeem: EarlyRedeem,
  /** Whether a holding may renew itself at maturity (MING_SETTLEMENT_SETTING.autoRenew is the default choice). */
  autoRenewAllowed: z.boolean(),
  /** 1 = interest paid daily to the platform account; 2 = accrued daily, paid with the principal (FIN-4). */
  settlementType: z.number().int(),
  /** Days after the subscription day before interest starts (settlementDay; 1 = from the next UTC day). */
  settlementDay: z.number().int().nonnegative(),
  /** Subscribing open (a closed product still pays its holders). */
  open: z.boolean(),
});
export type FinanceProduct = z.infer<typeof FinanceProduct>;

export const FinanceProductQuery = z.object({
  coin: z.string().trim().max(20).optional(),
  kind: FinanceKind.optional(),
});
export const FinanceProductIdQuery = z.object({ id: queryInt(z.number().int().positive('Choose a product')) });

/** POST /api/finance/subscribe: honours Idempotency-Key. */
export const FinanceSubscribeBody = z.object({
  productId: bodyInt(z.number().int().positive('Choose a product')),
  amount: amountStr(),
  autoRenew: z.boolean().default(false),
});
export type FinanceSubscribeBody = z.infer<typeof FinanceSubscribeBody>;

export const HoldingStatus = z.enum(['active', 'redeemed', 'matured']);
export type HoldingStatus = z.infer<typeof HoldingStatus>;

export const FinanceHolding = z.object({
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  productName: z.string(),
  coin: z.string(),
  kind: FinanceKind,
  apr: DecimalStr,
  principal: DecimalStr,
  /** Interest accrued and not yet paid (settlementType 2), and paid so far. */
  accrued: DecimalStr,
  paid: DecimalStr,
  subscribedAt: z.number().int(),
  /** First UTC day (ms of its 00:00) that earns interest. */
  interestFrom: z.number().int(),
  /** Maturity (ms of a UTC 00:00) for fixed products; null for flexible. */
  maturesAt: z.number().int().nullable(),
  autoRenew: z.boolean(),
  status: HoldingStatus,
  /** When it was redeemed or matured. */
  endedAt: z.number().int().nullable(),
  /** What redeeming now would return: principal, interest, and interest given up (FIN-5). */
  redeemable: z.boolean(),
});
export type FinanceHolding = z.infer<typeof FinanceHolding>;

export const FinanceHoldingQuery = z.object({
  status: z.enum(['active', 'ended']).default('active'),
  pageNum,
  pageSize,
});
export const FinanceHoldingPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(FinanceHolding) });
export type FinanceHoldingPage = z.infer<typeof FinanceHoldingPage>;

/** POST /api/finance/redeem: the whole holding; honours Idempotency-Key. */
export const FinanceRedeemBody = z.object({ holdingId: bodyInt(z.number().int().positive('Choose a holding')) });
export const FinanceRedeemResult = z.object({
  holding: FinanceHolding,
  /** What came back to the platform account, and the interest given up by an early redemption. */
  principal: DecimalStr,
  interest: DecimalStr,
  forfeited: DecimalStr,
});
export type FinanceRedeemResult = z.infer<typeof FinanceRedeemResult>;

export const FinanceAutoRenewBody = z.object({
  holdingId: bodyInt(z.number().int().positive('Choose a holding')),
  autoRenew: z.boolean(),
});

/** One line of the finance history: a subscription, a day's interest, a redemption, a maturity or a renewal. */
export const FinanceEventKind = z.enum(['subscribe', 'interest', 'redeem', 'mature', 'renew']);
export const FinanceEvent = z.object({
  id: z.string(),
  time: z.number().int(),
  kind: FinanceEventKind,
  holdingId: z.number().int(),
  productName: z.string(),
  coin: z.string(),
  amount: DecimalStr,
  /** The UTC day (ms of its 00:00) an interest line is for. */
  day: z.number().int().nullable(),
});
export type FinanceEvent = z.infer<typeof FinanceEvent>;
export const FinanceHistoryQuery = z.object({
  kind: FinanceEventKind.optional(),
  pageNum,
  pageSize,
});
export const FinanceHistoryPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(FinanceEvent) });
export type FinanceHistoryPage = z.infer<typeof FinanceHistoryPage>;

/** The summary above "my holdings": totals in each coin held. */
export const FinanceSummary = z.object({
  rows: z.array(
    z.object({ coin: z.string(), principal: DecimalStr, accrued: DecimalStr, paid: DecimalStr, yesterday: DecimalStr }),
  ),
});
export type FinanceSummary = z.infer<typeof FinanceSummary>;
