/**
 * The one loading / error / empty block for data a screen fetched (spec 2.3): while nothing has arrived it says
 * "Loading…" (aria-busy); when the fetch failed with nothing to show it says so, with the reason and a retry;
 * when the answer is empty it shows the empty state (the caller's, or 'noData'); otherwise the content. Data
 * already on screen stays while it is fetched again, so a refresh never blanks a list.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import './ui.css';

export type DataStatus = 'loading' | 'ok' | 'error';

export interface DataStateProps {
  /** 'ok' as soon as there is data to show, even while it is fetched again. */
  status: DataStatus;
  error?: string;
  onRetry?: () => void;
  /** The data arrived and holds nothing. */
  empty?: boolean;
  emptyView?: ReactNode;
  /** Smaller blocks, for panels and table bodies. */
  compact?: boolean;
  children?: ReactNode;
}

/** The status to show for a query result: data on screen counts as 'ok' whatever is happening behind it. */
export function dataStatus(q: { status: DataStatus; data?: unknown }): DataStatus {
  return q.data !== undefined ? 'ok' : q.status;
}

export function DataState({ status, error, onRetry, empty, emptyView, compact, children }: DataStateProps) {
  const { t } = useTranslation('common');
  const cls = `data-state${compact ? ' data-state--compact' : ''}`;
  if (status === 'loading')
    return (
      <div className={cls} aria-busy="true" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('ui.loading')}</span>
      </div>
    );
  if (status === 'error')
    return (
      <div className={cls} role="alert">
        <p className="data-state__title">{t('ui.loadFailed')}</p>
        {error ? <p className="data-state__detail">{error}</p> : null}
        {onRetry ? (
          <button type="button" className="data-state__retry" onClick={onRetry}>
            {t('ui.retry')}
          </button>
        ) : null}
      </div>
    );
  if (empty) return <>{emptyView ?? <EmptyState compact={compact} />}</>;
  return <>{children}</>;
}
