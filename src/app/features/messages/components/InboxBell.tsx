/**
 * The bell (MSGUI-1): a link to /message with the unread count as a badge, in the desktop header and the phone
 * top bars; the count comes from GET /api/message/unread and is fetched again on USER_STATUS `inbox` (every tab).
 * Nothing is shown signed out.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Svg, type P } from '../../../ui/icons';
import { MESSAGES_PATHS } from '../paths';
import { useInboxUid, useUnreadCount } from '../data';
import { badgeText } from '../../../ui/inboxNumbers';
import '../../../ui/badge.css';
import './messages.css';

export const IconBell = (p: P) => (
  <Svg {...p}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Svg>
);

export function UnreadBadge({ count, className }: { count: number | undefined; className?: string }) {
  const text = badgeText(count ?? 0);
  if (!text) return null;
  return (
    <span className={`msg-badge ${className ?? ''}`} data-testid="inbox-badge">
      {text}
    </span>
  );
}

export function InboxBell({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const uid = useInboxUid();
  const q = useUnreadCount();
  if (!uid) return null;
  const count = q.data?.unread ?? 0;
  return (
    <Link
      to={MESSAGES_PATHS.message}
      className={`icon-btn msg-bell ${className ?? ''}`}
      title={t('title.message')}
      data-testid="inbox-bell"
      data-unread={count}
    >
      <IconBell size={20} />
      <span className="visually-hidden">{t('title.message')}</span>
      <UnreadBadge count={count} className="msg-badge--corner" />
    </Link>
  );
}
