/**
 * Shapes of the deposit calls (spec 7.2, DEP-*): the deposit address of a coin and network, the caller's
 * deposits (the simulated chain's transactions to the caller's addresses, and payments declared with
 * payAddress that the chain has not seen yet), deposit bonuses and the payment declaration. The declaration's
 * amount applies the one amount rule (../amount.ts) with the coin's decimals.
 */
import { z } from 'zod';
import { amountStr, queryInt } from './strict';
import { checkAmount } from '../amount';
import { DecimalStr } from '../money';
import { COIN_RE } from './wallet';

const Coin = z
  .string()
  .trim()
  .regex(COIN_RE, 'Coin must be a coin code, e.g. USDT')
  .transform((c) => c.toUpperCase());

/** A network (channel) name as the settings spell it, e.g. "USDT-TRC20". */
const Network = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'Network must be a network name, e.g. USDT-TRC20');

/** A transaction hash as chains print them: hex, with or without 0x. */
export const TX_HASH_RE = /^(0x)?[0-9a-fA-F]{16,128}$/;
const TxHash = z
  .string()
  .trim()
  .regex(TX_HASH_RE, 'Transaction hash must be the hex hash your wallet shows (16 to 128 hex digits)');

export const GetAddressQuery = z.object({ coin: Coin, symbol: Network.optional() });

export const DepositAddress = z.object({
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  /** The memo (destination tag) to send with the deposit, on networks that need one. */
  memo: z.string().optional(),
  minAmount: DecimalStr,
  /** Largest amount a declaration may name, when the platform sets one. */
  maxAmount: DecimalStr.optional(),
  confirmations: z.number().int().positive(),
});
export type DepositAddress = z.infer<typeof DepositAddress>;

export const DEPOSIT_STATUSES = ['declared', 'confirming', 'credited', 'below_minimum'] as const;

export const DepositRow = z.object({
  /** `c<n>` for a chain deposit, `p<n>` for a declared payment the chain has not seen yet. */
  id: z.string(),
  coin: z.string(),
  network: z.string(),
  amount: DecimalStr,
  txHash: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Confirmations so far, and how many crediting needs. */
  confirmations: z.number().int().nonnegative(),
  required: z.number().int().positive(),
  /** Whether the user declared this payment (payAddress). */
  declared: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type DepositRow = z.infer<typeof DepositRow>;

export const PageQuery = z.object({
  pageNum: queryInt(z.number().int().min(1, 'pageNum starts at 1').max(1_000_000)).default(1),
  pageSize: queryInt(z.number().int().min(1).max(100, 'pageSize is at most 100')).default(20),
});

export const DepositPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(DepositRow) });
export type DepositPage = z.infer<typeof DepositPage>;

/** A deposit bonus: a paid welfare reward (WEL-5; id `W<n>`, status `credited`, time of the claim). */
export const DepositBonus = z.object({
  id: z.string(),
  coin: z.string(),
  amount: DecimalStr,
  status: z.string(),
  createTime: z.number().int(),
});
export const BonusPage = z.object({ total: z.number().int().nonnegative(), rows: z.array(DepositBonus) });

export const PayAddressBody = z
  .object({
    coin: Coin,
    symbol: Network,
    amount: amountStr(),
    hash: TxHash,
    /** URL of a voucher image uploaded with common/upload/OSS (optional). */
    voucher: z
      .string()
      .trim()
      .max(300)
      .regex(/^\/api\/common\/file\/[A-Za-z0-9._-]+$/, 'Voucher must be an image uploaded with common/upload/OSS')
      .optional(),
  })
  .transform((b, ctx) => {
    const a = checkAmount(b.amount, b.coin);
    if (!a.ok) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: a.msg });
      return z.NEVER;
    }
    return { ...b, amount: a.amount, hash: b.hash.toLowerCase() };
  });
export type PayAddressBody = z.input<typeof PayAddressBody>;
