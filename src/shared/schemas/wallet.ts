/**
 * Shapes of the wallet's calls (spec 7.2): balances per account and coin, and transfers between the three
 * accounts. The transfer body applies the one amount rule (../amount.ts) with the coin's decimals, so the
 * app's form and the server refuse the same amounts with the same message.
 */
import { z } from 'zod';
import { amountStr } from './strict';
import { DecimalStr } from '../money';
import { checkAmount } from '../amount';
import { AssetEntry } from './user';

export const AssetAccount = z.enum(['platform', 'finance', 'contract']);

/** One row of asset/assetBalance: an account's balance of a coin (decimal strings). */
export const AssetBalance = z.array(AssetEntry);

export const COIN_RE = /^[A-Za-z0-9]{1,20}$/;

export const TransferBody = z
  .object({
    fromAccount: AssetAccount,
    toAccount: AssetAccount,
    coin: z
      .string()
      .trim()
      .regex(COIN_RE, 'Coin must be a coin code, e.g. USDT')
      .transform((c) => c.toUpperCase()),
    amount: amountStr(),
  })
  .transform((b, ctx) => {
    if (b.fromAccount === b.toAccount) {
      ctx.addIssue({ code: 'custom', path: ['toAccount'], message: 'Choose two different accounts' });
      return z.NEVER;
    }
    const a = checkAmount(b.amount, b.coin);
    if (!a.ok) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: a.msg });
      return z.NEVER;
    }
    return { ...b, amount: a.amount };
  });
export type TransferBody = z.input<typeof TransferBody>;

export const TransferResult = z.object({
  /** The transfer's id (its journal reference). */
  id: z.string(),
  fromAccount: AssetAccount,
  toAccount: AssetAccount,
  coin: z.string(),
  amount: DecimalStr,
  time: z.number().int(),
  /** The two balances after the transfer: from, then to. */
  balances: z.array(AssetEntry),
});
export type TransferResult = z.infer<typeof TransferResult>;
