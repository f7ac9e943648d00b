/** The unread count on the phone tab bar's "My" entry (MSGUI-1); nothing signed out or at 0. */
import { useUnreadCount } from '../data';
import { UnreadBadge } from './InboxBell';

export function MyTabBadge() {
  const q = useUnreadCount();
  return <UnreadBadge count={q.data?.unread} className="msg-badge--tab" />;
}
