/** The inbox's door: what the shell and other features show of it (the bell, the unread badge, the sync). */
export { IconBell, InboxBell, UnreadBadge } from './components/InboxBell';
export { MyTabBadge } from './components/MyTabBadge';
export { InboxSync, useUnreadCount } from './data';
