/**
 * Shapes of the flash exchange (spec 7.2 texchange/*, common/getAppCurrencyList; FX-*) and of the financial
 * records (record/financial; REC-*). Amounts and rates are exact decimal strings; times are server ms.
 */
import { z } from 'zod';
import { amountStr, queryInt } from './strict';
import { DecimalStr } from '../money';
import { COIN_RE } from './wallet';

const Coin = z
  .string()
  .trim()
  .regex(COIN_RE, 'Coin must be a coin code, e.g. USDT')
  .transform((c) => c.toUpperCase());

/** One coin the flash exchange offers: listed, with a live USDT price (USDT itself at 1). */
export const ExchangeCoin = z.object({
  coin: z.string(),
  /** The coin's price in USDT from the live market. */
  price: DecimalStr,
  /** Decimals an amount of the coin can carry. */
  decimals: z.number().int().nonnegative(),
});
export const ExchangeCoins = z.array(ExchangeCoin);
export type ExchangeCoin = z.infer<typeof ExchangeCoin>;

/** getCurrencyPrice?currency=FROM,TO */
export const QuoteQuery = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20},[A-Za-z0-9]{1,20}$/, 'currency must be two coin codes, e.g. BTC,USDT')
    .transform((s) => s.toUpperCase().split(',') as [string, string])
    .refine(([a, b]) => a !== b, 'Choose two different coins'),
});

export const Quote = z.object({
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  /** The market price: TO per 1 FROM. */
  price: DecimalStr,
  /** Disclosed spread, a fraction ("0.001" = 0.1 %). */
  spread: DecimalStr,
  /** Disclosed fee, a fraction of what the spread leaves, paid in TO. */
  fee: DecimalStr,
  /** Server time (ms) when the quote was made, and when it stops being accepted. */
  serverTime: z.number().int(),
  expiresAt: z.number().int(),
});
export type Quote = z.infer<typeof Quote>;

export const ExchangeBody = z.object({
  quoteId: z.string().trim().min(1, 'quoteId is required').max(100),
  /** An amount of the quote's FROM coin; checked against that coin's decimals by the server. */
  amount: amountStr(),
});
export type ExchangeBody = z.input<typeof ExchangeBody>;

export const ExchangeRecord = z.object({
  id: z.string(),
  /** The quote it executed (a client whose reply was lost looks for it here instead of sending again). */
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  /** Paid, in FROM. */
  amount: DecimalStr,
  /** Received, in TO. */
  receive: DecimalStr,
  /** Fee, in TO. */
  fee: DecimalStr,
  price: DecimalStr,
  spread: DecimalStr,
  feeRate: DecimalStr,
  time: z.number().int(),
});
export type ExchangeRecord = z.infer<typeof ExchangeRecord>;

const pageNum = queryInt(z.number().int().min(1, 'pageNum starts at 1').max(1_000_000)).default(1);
const pageSize = (def: number) => queryInt(z.number().int().min(1).max(1000, 'pageSize is at most 1000')).default(def);

export const ExchangeListQuery = z.object({ pageNum, pageSize: pageSize(1000) });

export const ExchangeList = z.object({
  rows: z.array(ExchangeRecord),
  total: z.number().int().nonnegative(),
});

/** Kinds a record can be filtered by: the journal's kinds (deposit, withdraw, transfer, exchange, ...). */
export const RecordKind = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'type must be a record kind, e.g. transfer');

export const RecordsQuery = z
  .object({
    pageNum,
    pageSize: pageSize(20),
    type: z.union([z.literal(''), RecordKind]).optional(),
    coin: z.union([z.literal(''), Coin]).optional(),
    /** Server time range in ms, from inclusive, to exclusive. */
    from: queryInt(z.number().int().nonnegative()).optional(),
    to: queryInt(z.number().int().nonnegative()).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    message: 'The end of the date range is before its start',
  });

export const FinancialRecord = z.object({
  /** The journal row's id. */
  id: z.number().int(),
  kind: z.string(),
  coin: z.string(),
  account: z.enum(['platform', 'finance', 'contract']),
  /** Change of the account's balance of the coin (available + frozen), signed. */
  amount: DecimalStr,
  /** Change of the frozen part (a hold +, its release or settlement -), signed; "0" when untouched. */
  frozen: DecimalStr,
  time: z.number().int(),
  /** What caused it (a transfer id, an exchange id...). */
  ref: z.string(),
  memo: z.string(),
});
export type FinancialRecord = z.infer<typeof FinancialRecord>;

export const FinancialRecords = z.object({
  rows: z.array(FinancialRecord),
  total: z.number().int().nonnegative(),
});
export type FinancialRecords = z.infer<typeof FinancialRecords>;
