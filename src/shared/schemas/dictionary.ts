/**
 * Dictionaries carried by the settings reply: the language list (spec 3.3 "Language dictionary entries",
 * 4.5) and the time zones (3.3 timeZone, 4.6).
 */
import { z } from 'zod';
import { Count, Flag, Int, OffsetStr, UrlStr } from './common';

/** The 16 bundled languages of spec 4.5. */
export const LANGUAGE_CODES = [
  'ar',
  'da',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'pl',
  'pt',
  'ru',
  'th',
  'tr',
  'vi',
  'zh',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/**
 * One language dictionary entry (spec 3.3).
 * - dictValue: the language code ("en"), dictLabel: its native name ("English"),
 * - isDefault 'Y' on the one default language (spec 4.3 step 3),
 * - status: true when the language is offered to users (13 of the 16 by default, spec 4.5).
 */
export const LanguageEntry = z.object({
  dictCode: Int,
  dictLabel: z.string().min(1),
  dictValue: z.string().min(2).max(16),
  dictSort: Count,
  imgUrl: UrlStr,
  isDefault: z.enum(['Y', 'N']),
  status: Flag,
});
export type LanguageEntry = z.infer<typeof LanguageEntry>;

/** The platform time zone (spec 3.3 timeZone, 9.1 default +08:00). offSetValue is hours, e.g. 5.5 for +05:30. */
export const TimeZoneSetting = z.object({
  zoneId: z.string().min(1),
  offSet: OffsetStr,
  offSetValue: z.number().min(-12).max(14),
});
export type TimeZoneSetting = z.infer<typeof TimeZoneSetting>;

/** One row of the 38-zone table of spec 4.6: a region name, its IANA id and UTC offset. */
export const TimeZoneEntry = z.object({
  name: z.string().min(1),
  zoneId: z.string().min(1),
  offSet: OffsetStr,
  offSetValue: z.number().min(-12).max(14),
});
export type TimeZoneEntry = z.infer<typeof TimeZoneEntry>;
