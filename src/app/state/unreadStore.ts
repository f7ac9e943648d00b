/**
 * The last unread count this tab heard, per user (MSGUI-1), for badges that must not fetch by themselves (the
 * phone tab bar's "My" entry): `useUnreadCount` writes it after every answer. No network, no socket here.
 */
import { proxy } from 'valtio';

export const inboxUnread = proxy({ uid: '', count: 0 });

export function rememberUnread(uid: string, count: number): void {
  if (inboxUnread.uid !== uid) inboxUnread.uid = uid;
  if (inboxUnread.count !== count) inboxUnread.count = count;
}
