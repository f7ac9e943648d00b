/**
 * The finance history (FINUI-10): subscriptions, each day's interest, redemptions, maturities and renewals, newest
 * first, paged, in the shared RecordTable (a table on a desktop, cards on a phone).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceEvent } from '../../../../shared/schemas/finance';
import { formatDateTime } from '../../../i18n/format';
import { RecordTable, type RecordColumn } from '../../../ui/RecordTable';
import { EmptyState } from '../../../ui/EmptyState';
import { HISTORY_PAGE_SIZE, useFinanceHistory } from '../data';
import { amount, utcDate } from './format';
import { textDir } from '../../../ui/bidi';

export function HistoryPanel({ uid, desktop }: { uid: string; desktop: boolean }) {
  const { t } = useTranslation('finance');
  const [pageNum, setPageNum] = useState(1);
  const q = useFinanceHistory(uid, pageNum);
  const columns: RecordColumn<FinanceEvent>[] = [
    { key: 'time', label: t('col.time'), value: (e) => <span className="fin-num">{formatDateTime(e.time)}</span> },
    { key: 'kind', label: t('col.kind'), value: (e) => t(`event.${e.kind}`), inCard: false },
    {
      key: 'product',
      label: t('col.product'),
      value: (e) => <bdi dir={textDir(e.productName)}>{e.productName}</bdi>,
      inCard: false,
    },
    {
      key: 'day',
      label: t('col.day'),
      value: (e) => (e.day === null ? '--' : <span className="fin-num">{utcDate(e.day)}</span>),
    },
    {
      key: 'amount',
      label: t('col.amount'),
      numeric: true,
      value: (e) => (
        <span className={e.kind === 'interest' ? 'up' : undefined}>
          {e.kind === 'interest' ? '+' : ''}
          {amount(e.amount)} {e.coin.toUpperCase()}
        </span>
      ),
    },
  ];
  return (
    <div className="fin-history" data-testid="finance-history">
      <RecordTable<FinanceEvent>
        columns={columns}
        rowKey={(e) => e.id}
        page={q.data}
        status={q.status}
        error={q.error}
        onRetry={q.reload}
        pageNum={pageNum}
        pageSize={HISTORY_PAGE_SIZE}
        onPage={setPageNum}
        desktop={desktop}
        label={t('tab.history')}
        emptyView={<EmptyState title={t('empty.history')} />}
        cardTitle={(e) => (
          <>
            {t(`event.${e.kind}`)} · <bdi dir={textDir(e.productName)}>{e.productName}</bdi>
          </>
        )}
      />
    </div>
  );
}
