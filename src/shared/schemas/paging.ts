/**
 * The paging and pair fields the trading, futures, options and records queries share: `pageNum` from 1,
 * `pageSize` from 1 to a per-list maximum (default 20) and a pair code, lower-cased.
 */
import { z } from 'zod';
import { bodyInt, queryInt } from './strict';

const pageNumber = z.number().int().min(1, 'pageNum starts at 1').max(1_000_000);
export const pageNum = queryInt(pageNumber).default(1);
/** `pageNum` in a JSON body (a JSON integer). */
export const bodyPageNum = bodyInt(pageNumber).default(1);

/** `pageSize`: 1 to `max` (100 unless a list says otherwise), 20 by default. */
const pageSizeNumber = (max: number) =>
  z.number().int().min(1, 'pageSize is at least 1').max(max, `pageSize is at most ${max}`);
export const pageSizeUpTo = (max: number) => queryInt(pageSizeNumber(max)).default(20);
export const pageSize = pageSizeUpTo(100);
/** `pageSize` in a JSON body (a JSON integer), 1 to 100. */
export const bodyPageSize = bodyInt(pageSizeNumber(100)).default(20);

/** A pair code such as btcusdt (required, lower-cased). */
export const PairSymbol = z
  .string()
  .trim()
  .min(1, 'Choose a pair')
  .max(40)
  .regex(/^[A-Za-z0-9]+$/, 'symbol must be a pair code such as btcusdt')
  .transform((s) => s.toLowerCase());

/** A pair code filter where empty means every pair (lower-cased). */
export const PairFilterSymbol = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9]*$/, 'symbol must be a pair code such as btcusdt')
  .transform((s) => s.toLowerCase());
