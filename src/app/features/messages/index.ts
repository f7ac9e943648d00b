/** The inbox's door: what the shell and other features show of it (the bell, the unread badge, the sync). */
export { IconBell, InboxBell, UnreadBadge } from './components/InboxBell';
export { InboxSync, useUnreadCount } from './data';
