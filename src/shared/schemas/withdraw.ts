/**
 * Shapes of the withdrawal calls (spec 7.2; WDR-*): the open channels with the rules that apply to the caller
 * now, the submission, the withdrawal record and its list. Amounts are decimal strings; the submitted amount
 * passes the one amount rule (../amount.ts) with the coin's decimals, as the form's does.
 */
import { z } from 'zod';
import { amountStr, queryInt } from './strict';
import { DecimalStr } from '../money';
import { checkAmount } from '../amount';
import { COIN_RE } from './wallet';

export const WithdrawStatus = z.enum(['pending', 'done', 'rejected', 'cancelled']);
export type WithdrawStatus = z.infer<typeof WithdrawStatus>;

/** One open channel of getWithDrawCoinList with its rules for the caller now (WDR-1..9). */
export const WithdrawChannel = z.object({
  coin: z.string(),
  /** The channel, e.g. "USDT-TRC20". */
  type: z.string(),
  /** The address format: TRC20, ERC20, BTC, BANK or OTHER (src/shared/wallet/withdrawAddress.ts). */
  addressFormat: z.enum(['TRC20', 'ERC20', 'BTC', 'BANK', 'OTHER']),
  open: z.boolean(),
  fee: DecimalStr,
  /** Percent of the amount. */
  ratio: DecimalStr,
  freeNum: z.number().int(),
  dayWithdrawalNum: z.number().int(),
  min: DecimalStr,
  max: DecimalStr,
  precision: z.number().int(),
  /** Withdrawals of this channel today that count (pending or done). */
  usedToday: z.number().int(),
  freeLeft: z.number().int(),
  countLeft: z.number().int(),
  limitTime: z.boolean(),
  /** "HH:MM:SS" in the platform time zone. */
  limitTimeStart: z.string(),
  limitTimeEnd: z.string(),
  /** The platform time zone, e.g. "+08:00", and its offset from UTC in minutes. */
  timeZone: z.string(),
  offsetMinutes: z.number().int(),
  inWindow: z.boolean(),
  checkPass: z.boolean(),
  checkCode: z.boolean(),
  /** Available balance of the coin in the platform account. */
  available: DecimalStr,
  /** WDR-7: the largest amount the balance allows after the fee, within the maximum. */
  maxAmount: DecimalStr,
});
export type WithdrawChannel = z.infer<typeof WithdrawChannel>;
export const WithdrawChannelList = z.array(WithdrawChannel);

export const WithdrawSubmitQuery = z
  .object({
    coin: z
      .string()
      .trim()
      .regex(COIN_RE, 'Coin must be a coin code, e.g. USDT')
      .transform((c) => c.toUpperCase()),
    type: z.string().trim().min(1, 'Choose a network').max(40),
    address: z.string().trim().min(1, 'Enter the address').max(200),
    amount: amountStr(),
    pwd: z.string().max(64).optional(),
    code: z.string().max(12).optional(),
  })
  .transform((q, ctx) => {
    const a = checkAmount(q.amount, q.coin);
    if (!a.ok) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: a.msg });
      return z.NEVER;
    }
    return { ...q, amount: a.amount };
  });

export const Withdrawal = z.object({
  id: z.number().int(),
  coin: z.string(),
  type: z.string(),
  address: z.string(),
  /** What arrives at the address. */
  amount: DecimalStr,
  fee: DecimalStr,
  /** amount + fee: held while pending, posted when done. */
  total: DecimalStr,
  status: WithdrawStatus,
  /** Why it was rejected (the operator's words), else empty. */
  reason: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const PageQuery = z.object({
  pageNum: queryInt(z.number().int().min(1).max(100_000)).default(1),
  pageSize: queryInt(z.number().int().min(1).max(100)).default(20),
});

export const WithdrawPage = z.object({ rows: z.array(Withdrawal), total: z.number().int() });
export type WithdrawPage = z.infer<typeof WithdrawPage>;

/** getWithdrawStatus: by id, by the Idempotency-Key it was submitted with, or (neither) the latest pending. */
export const WithdrawStatusQuery = z.object({
  id: queryInt(z.number().int().positive()).optional(),
  key: z.string().max(128).optional(),
});

export const WithdrawIdQuery = z.object({ id: queryInt(z.number().int().positive()) });
