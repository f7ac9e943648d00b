/**
 * The unread count on the phone tab bar's "My" entry (MSGUI-1), from the count this tab last heard (kept fresh by
 * `InboxSync` in the phone layout); nothing signed out or at 0. It fetches nothing itself.
 */
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { badgeText } from '../ui/inboxNumbers';
import { inboxUnread } from '../state/unreadStore';
import '../ui/badge.css';

export function MyTabBadge() {
  const { isSign, userInfo } = useSnapshot(session);
  const { uid, count } = useSnapshot(inboxUnread);
  const text = isSign && userInfo?.uid === uid ? badgeText(count) : '';
  if (!text) return null;
  return (
    <span className="msg-badge msg-badge--tab" data-testid="inbox-badge">
      {text}
    </span>
  );
}
