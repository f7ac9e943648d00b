/**
 * Small building blocks shared by the reply schemas in this folder.
 * Money, prices and rates are exact decimal strings (DecimalStr, ../money.ts); counts and sort orders are integers;
 * on/off flags are booleans (the spec's "isOpen", "enable", "status"...), except where the spec fixes a
 * representation (the language dictionary's isDefault 'Y'/'N').
 */
import './zodSetup';
import { z } from 'zod';

/** A non-negative integer (counts, sort orders, ids). */
export const Int = z.number().int();
export const Count = z.number().int().nonnegative();
/** An on/off flag. */
export const Flag = z.boolean();
/** Wall-clock time of day "HH:MM:SS". */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected HH:MM:SS');
/** A UTC offset like "+08:00", "-03:30", "+05:45". */
export const OffsetStr = z.string().regex(/^[+-](0\d|1[0-4]):(00|30|45)$/, 'expected an offset like +08:00');
/** A URL or a site-relative path; empty when not configured. */
export const UrlStr = z.string().max(2048);
