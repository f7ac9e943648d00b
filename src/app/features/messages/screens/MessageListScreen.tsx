/**
 * `/message` (MSGUI-2): the caller's messages, newest first, unread ones marked (a dot, bold title); tabs for all
 * and unread, "mark all as read", paging, and a third tab with the operator's notices (NOTE-4, `?tab=notices`); loading, empty and error states. Each row opens /message/detail?id=.
 * The list and the count are fetched again on USER_STATUS `inbox` (MSG-6), so a message written or read in
 * another tab shows here too.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../shared/schemas/inbox';
import { formatDateTime } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { UnderlineTabs } from '../../../ui/UnderlineTabs';
import { toast } from '../../../state/toast';
import { MESSAGE_PAGE_SIZE, markRead, useMessages, type MessageFilter } from '../data';
import { MessageIcon } from '../components/MessageIcon';
import { MessagePager } from '../components/MessagePager';
import { useMessageWords } from '../model/useWords';
import { messageHref } from '../paths';
import { NoticeList } from '../../content';
import { textDir } from '../../../ui/bidi';
import '../components/messages.css';

/** The tabs: the messages (all, unread) and the operator's notices (NOTE-4), kept in `?tab=`. */
type Tab = MessageFilter | 'notices';
const TABS: readonly Tab[] = ['all', 'unread', 'notices'];
const tabOf = (v: string | null): Tab => ((TABS as readonly string[]).includes(v ?? '') ? (v as Tab) : 'all');

function Row({ m }: { m: Message }) {
  const { t } = useTranslation('inbox');
  const words = useMessageWords()(m);
  // OPC-6: the operator's announcement takes the direction of its own script; the app's wording, the screen's.
  const opDir = (text: string) => (m.kind === 'announcement' ? textDir(text) : undefined);
  const unread = m.readAt === null;
  return (
    <li>
      <Link
        to={messageHref(m.id)}
        className={`msg-row${unread ? ' is-unread' : ''}`}
        data-testid="message-row"
        data-kind={m.kind}
        data-unread={unread ? 'true' : 'false'}
      >
        <MessageIcon kind={m.kind} />
        <span className="msg-row__main">
          <span className="msg-row__head">
            <span className="msg-row__title" dir={opDir(words.title)}>
              {words.title}
            </span>
            <time className="msg-row__time" dateTime={new Date(m.createdAt).toISOString()}>
              {formatDateTime(m.createdAt, { style: 'short' })}
            </time>
          </span>
          <span className="msg-row__body" dir={opDir(words.body)}>
            {words.body}
          </span>
        </span>
        {unread ? (
          <span className="msg-dot" title={t('unread')}>
            <span className="visually-hidden">{t('unread')}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

export default function MessageListScreen() {
  const { t } = useTranslation(['inbox', 'common', 'market']);
  const desktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const filter: MessageFilter = tab === 'notices' ? 'all' : tab;
  const [pageNum, setPageNum] = useState(1);
  const [busy, setBusy] = useState(false);
  const page = useMessages(filter, pageNum);
  const unread = page.data?.unread ?? 0;

  const readAll = async () => {
    setBusy(true);
    try {
      await markRead({ all: true });
      toast(t('inbox:markedAll'), { kind: 'success' });
    } catch (err) {
      toast(err instanceof Error ? err.message : t('inbox:failed'), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const markAll = (
    <button
      type="button"
      className="msg-link-btn"
      onClick={readAll}
      disabled={busy || unread === 0}
      data-testid="message-read-all"
    >
      {t('inbox:markAllRead')}
    </button>
  );

  return (
    <div className={`app-screen${desktop ? ' msg-screen--desktop' : ''}`} data-testid="message-screen">
      <TopBar title={t('common:title.message')} back right={desktop || tab === 'notices' ? undefined : markAll} />
      <div className="app-layout msg-layout">
        <div className="msg-toolbar">
          <UnderlineTabs
            tabs={TABS}
            active={tab}
            onSelect={(f) => {
              setParams(f === 'all' ? {} : { tab: f }, { replace: true });
              setPageNum(1);
            }}
            label={(f) =>
              f === 'notices'
                ? t('market:noticesTab')
                : f === 'unread' && unread > 0
                  ? `${t('inbox:filter.unread')} (${unread})`
                  : t(`inbox:filter.${f}`)
            }
            ariaLabel={t('inbox:filterLabel')}
            idPrefix="msg"
            panelId="msg-panel"
            testIdPrefix="message-filter"
          />
          {desktop && tab !== 'notices' ? markAll : null}
        </div>
        <div id="msg-panel" role="tabpanel" aria-labelledby={`msg-tab-${tab}`}>
          {tab === 'notices' ? (
            <NoticeList />
          ) : (
            <DataState
              status={dataStatus(page)}
              error={page.error}
              onRetry={page.reload}
              empty={page.data?.total === 0}
              emptyView={
                <EmptyState
                  title={filter === 'unread' ? t('inbox:emptyUnread') : t('inbox:empty')}
                  description={filter === 'unread' ? undefined : t('inbox:emptyHint')}
                />
              }
            >
              {page.data ? (
                <>
                  <ul className="msg-list" data-testid="message-list">
                    {page.data.rows.map((m) => (
                      <Row key={m.id} m={m} />
                    ))}
                  </ul>
                  <MessagePager
                    pageNum={pageNum}
                    total={page.data.total}
                    pageSize={MESSAGE_PAGE_SIZE}
                    onPage={setPageNum}
                  />
                </>
              ) : null}
            </DataState>
          )}
        </div>
      </div>
    </div>
  );
}
