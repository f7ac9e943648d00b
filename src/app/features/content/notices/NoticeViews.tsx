/**
 * The notice list and one notice (NOTE-4), shown by the inbox screens as their notices tab and detail
 * (`/message?tab=notices`, `/message/detail?notice=ID`). Loading, error with retry, empty, not found.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../../shared/schemas/content';
import { formatDateTime } from '../../../i18n/format';
import { Paragraphs, RemoteView } from '../components/Content';
import { noticeHref } from '../paths';
import { useAllNotices } from './useHomeNotices';
import './notices.css';
import { textDir } from '../../../ui/bidi';

function excerpt(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 140);
}

export function NoticeList() {
  const remote = useAllNotices();
  return (
    <RemoteView remote={remote} isEmpty={(d: Notice[]) => d.length === 0}>
      {(rows) => (
        <ul className="notice-list" data-testid="notice-list">
          {rows.map((n) => (
            <li key={n.id} className="notice-list__item">
              <Link to={noticeHref(n.id)}>
                <div className="notice-list__title" dir={textDir(n.title)}>
                  {n.title}
                </div>
                <div className="notice-list__excerpt" dir={textDir(n.content)}>
                  {excerpt(n.content)}
                </div>
                <div className="notice-list__meta">{formatDateTime(n.createTime)}</div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </RemoteView>
  );
}

export function NoticeDetail({ id }: { id: number }) {
  const { t } = useTranslation('market');
  const remote = useAllNotices();
  return (
    <RemoteView remote={remote}>
      {(rows) => {
        const n = rows.find((x) => x.id === id);
        if (!n)
          return (
            <p className="mk-state" role="status">
              {t('noticesNotFound')}
            </p>
          );
        return (
          <article className="notice-detail" data-testid="notice-detail">
            <h1 dir={textDir(n.title)}>{n.title}</h1>
            <div className="notice-detail__meta">{formatDateTime(n.createTime)}</div>
            <Paragraphs text={n.content} />
          </article>
        );
      }}
    </RemoteView>
  );
}
