/**
 * `/message/detail?id=` (MSGUI-3, MSGUI-4): one message, worded in the reader's language from its kind and facts
 * (announcements: the operator's title and body), with its time. Opening an unread message marks it read
 * (POST message/read); every tab's count follows through USER_STATUS `inbox` (MSG-6). A missing or foreign id
 * shows the error state with the server's reason. `?notice=ID` shows one of the operator's notices instead (NOTE-4).
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { DataState, dataStatus } from '../../../ui/DataState';
import { markRead, useMessage } from '../data';
import { MessageIcon } from '../components/MessageIcon';
import { idOf } from '../../../ui/inboxNumbers';
import { useMessageWords } from '../model/useWords';
import { MESSAGES_PATHS } from '../paths';
import { NoticeDetail } from '../../content';
import { NOTICES_HREF } from '../../../ui/appPaths';
import { textDir } from '../../../ui/bidi';
import '../components/messages.css';

/** NOTE-4: `?notice=ID` opens one of the operator's notices in this route; `?id=` one message. */
export default function MessageDetailScreen() {
  const [params] = useSearchParams();
  const notice = idOf(params.get('notice'));
  return notice !== undefined ? <NoticePage id={notice} /> : <MessagePage />;
}

function NoticePage({ id }: { id: number }) {
  const { t } = useTranslation(['market', 'common']);
  const desktop = useIsDesktop();
  return (
    <div className={`app-screen${desktop ? ' msg-screen--desktop' : ''}`} data-testid="notice-detail-screen">
      <TopBar title={t('market:noticesTab')} back={NOTICES_HREF} />
      <div className="app-layout msg-layout">
        <NoticeDetail id={id} />
      </div>
    </div>
  );
}

function MessagePage() {
  const { t } = useTranslation(['inbox', 'common']);
  const desktop = useIsDesktop();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const q = useMessage(id);
  const words = useMessageWords();
  const marked = useRef<number | undefined>(undefined);
  const m = q.data && q.data.id === id ? q.data : undefined;

  useEffect(() => {
    if (!m || m.readAt !== null || marked.current === m.id) return;
    marked.current = m.id;
    markRead({ ids: [m.id] }).catch(() => {
      marked.current = undefined;
    });
  }, [m]);

  const w = m ? words(m) : undefined;
  // OPC-6: the operator's announcement takes the direction of its own script; the app's wording, the screen's.
  const opDir = (text: string) => (m?.kind === 'announcement' ? textDir(text) : undefined);
  return (
    <div className={`app-screen${desktop ? ' msg-screen--desktop' : ''}`} data-testid="message-detail-screen">
      <TopBar title={t('common:title.messageDetail')} back={MESSAGES_PATHS.message} />
      <div className="app-layout msg-layout">
        <DataState
          status={id === undefined ? 'error' : dataStatus({ status: q.status, data: m })}
          error={id === undefined ? t('inbox:detail.notFound') : q.error}
          onRetry={id === undefined ? undefined : q.reload}
        >
          {m && w ? (
            <article className="msg-article" data-testid="message-article" data-kind={m.kind}>
              <header className="msg-article__head">
                <MessageIcon kind={m.kind} />
                <div>
                  <h2 className="msg-article__title" dir={opDir(w.title)}>
                    {w.title}
                  </h2>
                  <p className="msg-article__meta">
                    {m.kind === 'announcement' ? `${t('inbox:detail.fromOperator')} · ` : ''}
                    <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
                  </p>
                </div>
              </header>
              <p className="msg-article__body" data-testid="message-body" dir={opDir(w.body)}>
                {w.body}
              </p>
              {w.extra.map((line) => (
                <p key={line} className="msg-article__extra">
                  {line}
                </p>
              ))}
              {w.facts.length > 0 ? (
                <dl className="figures msg-facts" data-testid="message-facts">
                  {w.facts.map((f) => (
                    <div key={f.label}>
                      <dt>{f.label}</dt>
                      <dd>{f.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </article>
          ) : null}
        </DataState>
      </div>
    </div>
  );
}
