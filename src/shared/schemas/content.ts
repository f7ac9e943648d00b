/**
 * Texts: notices (GET /api/notice/list), rules, about and help (GET /api/option/rules/list).
 * Texts follow the request's `lang` header, falling back to English. Content is plain text with
 * paragraphs separated by blank lines (no HTML: the app renders it as text).
 */
import { z } from 'zod';
import { Count, Int } from './common';

export const Notice = z.object({
  id: Int,
  /** Notice group, e.g. "NOTICE" (list page) or "POPUP" (shown once on the home page). */
  key: z.string(),
  /** Screen the notice belongs to, e.g. "HOME", "TRADE"; empty for all. */
  modelKey: z.string(),
  title: z.string(),
  content: z.string(),
  sort: Count,
  /** Creation time in ms since the epoch. */
  createTime: z.number().int().nonnegative(),
});
export type Notice = z.infer<typeof Notice>;

export const Rule = z.object({
  /** Stable id; help articles are opened at /helpDetail/{id}. */
  id: Int,
  key: z.string(),
  title: z.string(),
  content: z.string(),
  sort: Count,
});
export type Rule = z.infer<typeof Rule>;
