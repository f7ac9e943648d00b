/**
 * The deposit bonuses (WELUI-4; `recharge/bonsList`: the paid welfare rewards), newest first, paged; on /welfare
 * and below the recent deposits of /recharge. Loading, empty and error states like every list.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { DataState, dataStatus } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { BONUS_PAGE_SIZE, useBonuses } from '../data';
import './welfare.css';
import { ColumnHeads } from '../../../../ui/ColumnHeads';

export function DepositBonuses() {
  const { t } = useTranslation('welfare');
  const [page, setPage] = useState(1);
  const q = useBonuses(page);
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / BONUS_PAGE_SIZE));
  return (
    <section className="card prog-card wel-bonuses" aria-labelledby="wel-bonuses-title" data-testid="welfare-bonuses">
      <h2 id="wel-bonuses-title">{t('bonuses.title')}</h2>
      <DataState
        compact
        status={dataStatus(q)}
        error={q.error}
        onRetry={q.reload}
        empty={q.data?.total === 0}
        emptyView={<EmptyState compact title={t('bonuses.empty')} />}
      >
        <table className="wel-table">
          <ColumnHeads
            cols={[t('bonuses.time'), t('bonuses.coin'), t('bonuses.amount'), t('bonuses.status')]}
            classes={['', '', 'proxy-num', 'wel-end']}
          />
          <tbody>
            {(q.data?.rows ?? []).map((b) => (
              <tr key={b.id} data-testid="welfare-bonus-row">
                <td className="proxy-num wel-start">{formatDateTime(b.createTime)}</td>
                <td>{b.coin}</td>
                <td className="proxy-num up">+{formatDecimal(b.amount)}</td>
                <td className="wel-end">{b.status === 'credited' ? t('bonuses.credited') : b.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {pages > 1 ? (
          <nav className="wel-pager" aria-label={t('bonuses.title')}>
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('bonuses.prev')}
            </button>
            <span>{t('bonuses.page', { page, pages })}</span>
            <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('bonuses.next')}
            </button>
          </nav>
        ) : null}
      </DataState>
    </section>
  );
}
