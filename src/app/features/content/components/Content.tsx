/**
 * Content of the text screens (help, about, terms): rule and notice texts from the server, which follow
 * the `lang` header. Plain text with blank-line paragraphs, rendered as text (never as HTML).
 * Loading, error (with retry) and empty states.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { call } from '../../../api/client';
import { marketApi } from '../../../../shared/api/market';
import { languageState } from '../../../i18n/index';
import { EmptyState } from '../../../ui/EmptyState';
import { queryKey } from '../../../data/queryCache';
import { useQuery, type QueryResult } from '../../../data/useQuery';
import { textDir } from '../../../ui/bidi';

export interface TextItem {
  id: number;
  title: string;
  content: string;
  sort?: number;
}

/** Rule texts of one key (ABOUT, TERMS, PRIVACY, HELP), by sort; reloads when the language changes. */
export function useRules(key: string) {
  const { language } = useSnapshot(languageState);
  return useQuery<TextItem[]>(queryKey(['rules', key, language]), async (signal) => {
    const rows = await call(marketApi.rulesList, { query: { key }, signal, silent: true });
    return [...rows].sort((a, b) => a.sort - b.sort);
  });
}

/** Notices (NOTICE key), newest first. */
export function useNotices() {
  const { language } = useSnapshot(languageState);
  return useQuery<TextItem[]>(queryKey(['notices', language]), (signal) =>
    call(marketApi.noticeList, { query: { key: 'NOTICE' }, signal, silent: true }),
  );
}

/** The operator's text as paragraphs; each takes its own direction (OPC-6), so English stays whole in Arabic. */
export function Paragraphs({ text }: { text: string }) {
  const parts = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {parts.map((p, i) => (
        <p key={i} dir={textDir(p)}>
          {p}
        </p>
      ))}
    </>
  );
}

/** Renders a remote list: loading, error with retry, empty, or `children(data)`. */
export function RemoteView<T>({
  remote,
  children,
  isEmpty,
}: {
  remote: QueryResult<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (d: T) => boolean;
}) {
  const { t } = useTranslation('market');
  if (remote.status === 'loading' && remote.data === undefined) {
    return (
      <p className="mk-state" role="status">
        {t('loading')}
      </p>
    );
  }
  if (remote.status === 'error' && remote.data === undefined) {
    return (
      <div className="mk-state" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="btn btn--ghost" onClick={remote.reload}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const data = remote.data as T;
  if (isEmpty?.(data)) return <EmptyState />;
  return <>{children(data)}</>;
}
