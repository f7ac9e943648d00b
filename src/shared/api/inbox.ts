/**
 * The inbox (MSG rules in docs/spec/inbox.md): messages the exchange's events write, and the operator's
 * announcements. Notices stay in `notice/list` (market.ts). Marking read is not money: no Idempotency-Key needed
 * (it is idempotent by nature).
 */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/inbox';

export const inboxApi = {
  messageList: defineEndpoint({
    method: 'GET',
    path: '/api/message/list',
    summary: "The caller's messages, newest first, paged, with the unread count",
    query: S.MessageQuery,
    data: S.MessagePage,
    auth: true,
  }),
  messageDetail: defineEndpoint({
    method: 'GET',
    path: '/api/message/detail',
    summary: "One of the caller's messages (reading it does not mark it read: POST message/read does)",
    query: S.MessageIdQuery,
    data: S.Message,
    auth: true,
  }),
  messageUnread: defineEndpoint({
    method: 'GET',
    path: '/api/message/unread',
    summary: "The caller's unread message count (the bell's and the My screen's badge)",
    data: S.UnreadCount,
    auth: true,
  }),
  messageRead: defineEndpoint({
    method: 'POST',
    path: '/api/message/read',
    summary: "Mark some or all of the caller's messages read; every tab hears it (USER_STATUS inbox)",
    body: S.MessageReadBody,
    data: S.UnreadCount,
    auth: true,
  }),
};
