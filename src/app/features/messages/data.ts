/**
 * The inbox's REST data (MSG-*, MSGUI-*): the unread count, a page of messages and one message through the one
 * client and the keyed query cache, each fetched again when the private socket says the inbox changed
 * (USER_STATUS kind `inbox`, MSG-6), never polled. Marking read is not money: a plain call, then every inbox
 * query of this tab is fetched again (the other tabs hear it from the socket).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { inboxApi } from '../../../shared/api/inbox';
import type { Message, MessagePage, UnreadCount } from '../../../shared/schemas/inbox';
import { call } from '../../api/client';
import { queryKey } from '../../data/queryCache';
import { invalidate } from '../../data/queries';
import { useQuery, type QueryResult } from '../../data/useQuery';
import { languageState } from '../../i18n/index';
import { useStatusRefetch } from '../../market/useStatusRefetch';
import { session } from '../../state/session';
import { rememberUnread } from '../../state/unreadStore';

export const MESSAGE_PAGE_SIZE = 20;
/** The USER_STATUS kind the server announces after every write and read of the inbox (MSG-6). */
export const INBOX_STATUS_KINDS = ['inbox'] as const;
/** Every inbox query's key starts with this. */
export const INBOX_QUERIES = queryKey(['inbox']);

export type MessageFilter = 'all' | 'unread';

/** The signed-in user's id, or '' signed out. */
export function useInboxUid(): string {
  const { isSign, userInfo } = useSnapshot(session);
  return isSign ? (userInfo?.uid ?? '') : '';
}

/** MSGUI-1: the unread count of the bell and the "My" badges (nothing signed out). */
export function useUnreadCount(): QueryResult<UnreadCount> {
  const uid = useInboxUid();
  const q = useQuery(
    queryKey(['inbox', 'unread', uid]),
    (signal) => call(inboxApi.messageUnread, { signal, silent: true }),
    { enabled: uid !== '' },
  );
  useStatusRefetch(INBOX_STATUS_KINDS, q.reload, uid !== '');
  const count = q.data?.unread;
  useEffect(() => {
    if (uid && count !== undefined) rememberUnread(uid, count);
  }, [uid, count]);
  return q;
}

/** Keeps the unread count fresh on every phone screen (for the tab bar's badge); renders nothing. */
export function InboxSync(): null {
  useUnreadCount();
  return null;
}

/** The language the server words announcements in (OPC-11): a key part, so a change of language fetches again. */
const useLang = () => useSnapshot(languageState).language;

export function useMessages(filter: MessageFilter, pageNum: number): QueryResult<MessagePage> {
  const uid = useInboxUid();
  const lang = useLang();
  const q = useQuery(
    queryKey(['inbox', 'list', uid, filter, pageNum, lang]),
    (signal) =>
      call(inboxApi.messageList, { signal, silent: true, query: { filter, pageNum, pageSize: MESSAGE_PAGE_SIZE } }),
    { enabled: uid !== '' },
  );
  useStatusRefetch(INBOX_STATUS_KINDS, q.reload, uid !== '');
  return q;
}

export function useMessage(id: number | undefined): QueryResult<Message> {
  const uid = useInboxUid();
  const enabled = uid !== '' && id !== undefined;
  const lang = useLang();
  const q = useQuery(
    queryKey(['inbox', 'detail', uid, id ?? 0, lang]),
    (signal) => call(inboxApi.messageDetail, { signal, silent: true, query: { id: id ?? 0 } }),
    { enabled },
  );
  useStatusRefetch(INBOX_STATUS_KINDS, q.reload, enabled);
  return q;
}

/** MSG-5: marks some messages, or all, read; this tab's inbox queries are fetched again. */
export async function markRead(which: { ids: number[] } | { all: true }): Promise<UnreadCount> {
  const r = await call(inboxApi.messageRead, { body: which, silent: true });
  invalidate(INBOX_QUERIES);
  return r;
}
