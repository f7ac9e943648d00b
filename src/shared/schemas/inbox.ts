/**
 * Shapes of the inbox (MSG rules in docs/spec/inbox.md; spec 2.1 `/message`, `/message/detail`). The exchange's
 * own events write messages; a message stores its kind and facts (`params`), and the app words it in the reader's
 * language (so one message reads right in all 16). Operator announcements carry their own title and body.
 * Unread counts and read state reach every tab through USER_STATUS `{kind: 'inbox'}` (MSG-6).
 */
import { z } from 'zod';
import { bodyInt, queryInt } from './strict';
import { pageNum, pageSize } from './paging';

/** What wrote the message (MSG-2). */
export const MESSAGE_KINDS = [
  'depositCredited',
  'withdrawalDone',
  'withdrawalRejected',
  'orderFilled',
  'contractSettled',
  'positionLiquidated',
  'rewardPaid',
  'flowOrder',
  'announcement',
] as const;
export const MessageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKind>;

/** The facts of an event, as strings (coin, amount, symbol, side, price, id, status, task...); no prose. */
export const MessageParams = z.record(z.string(), z.string());
export type MessageParams = z.infer<typeof MessageParams>;

export const Message = z.object({
  id: z.number().int(),
  kind: MessageKind,
  params: MessageParams,
  /** Announcements only: the operator's words (other kinds: empty, the app words them). */
  title: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  readAt: z.number().int().nullable(),
});
export type Message = z.infer<typeof Message>;

export const MessageQuery = z.object({
  pageNum,
  pageSize,
  /** 'unread' lists only unread messages. */
  filter: z.enum(['all', 'unread']).default('all'),
});
export const MessagePage = z.object({
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
  rows: z.array(Message),
});
export type MessagePage = z.infer<typeof MessagePage>;
export const MessageIdQuery = z.object({ id: queryInt(z.number().int().positive('id is a message id')) });
export const UnreadCount = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCount>;
/** POST /api/message/read: some messages (ids) or all of them (`all: true`). */
export const MessageReadBody = z
  .object({
    ids: z.array(bodyInt(z.number().int().positive())).max(200, 'At most 200 messages at once').optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.all === true || (b.ids !== undefined && b.ids.length > 0), 'Name the messages to mark read');
