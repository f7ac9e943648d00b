/**
 * Money and time, one of each (STYLE "Shared: one money module"). Money, prices and rates travel as exact
 * decimal strings, never as binary floats; `PriceStr` and `AmountStr` brand the two kinds so a quantity cannot
 * be passed where a price is wanted. Time is a number of milliseconds (`UnixMs`, the wire and `Date.now()`) or
 * of seconds (`UnixSec`, chart columns); the brands keep the two apart.
 * Arithmetic on decimal strings uses the one configured decimal.js instance in `decimal.ts` (kept apart so
 * the schemas here do not pull decimal.js into the app bundle).
 */
import './schemas/zodSetup';
import { z } from 'zod';

/** A decimal number as an exact string, e.g. "64123.50". No exponent, optional sign. */
export const DecimalStr = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string');
export type DecimalStr = z.infer<typeof DecimalStr>;

/** A price as an exact decimal string. @public (vocabulary of the money and trading modules) */
export type PriceStr = DecimalStr & { readonly __brand: 'PriceStr' };
/** A quantity or balance as an exact decimal string. @public */
export type AmountStr = DecimalStr & { readonly __brand: 'AmountStr' };

/** Milliseconds since the Unix epoch (the wire's `ts`, `Date.now()`). @public */
export type UnixMs = number & { readonly __brand: 'UnixMs' };
/** Seconds since the Unix epoch (chart columns). @public */
export type UnixSec = number & { readonly __brand: 'UnixSec' };
