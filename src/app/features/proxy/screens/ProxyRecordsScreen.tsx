/**
 * `/proxy/records` (PROXY-13, PROXY-14): the agent's customers, masked, with the link date, their finance
 * principal now, their holdings and the commission they brought: a table on desktop, cards on the phone.
 */
import { useTranslation } from 'react-i18next';
import type { ProxyCustomer } from '../../../../shared/schemas/proxy';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { useProxyCustomers } from '../data';
import { ProxyListPage } from '../components/ProxyListPage';
import '../../../ui/programme.css';
import { ColumnHeads } from '../../../ui/ColumnHeads';

export function CustomerList({ rows, desktop }: { rows: readonly ProxyCustomer[]; desktop: boolean }) {
  const { t } = useTranslation('proxy');
  if (desktop)
    return (
      <table className="proxy-table" data-testid="proxy-customers-table">
        <ColumnHeads
          cols={[
            t('records.customer'),
            t('records.linkedAt'),
            t('records.principal'),
            t('records.holdings'),
            t('records.commission'),
          ]}
          classes={['', '', 'proxy-num', 'proxy-num', 'proxy-num']}
        />
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.name}-${r.linkedAt}-${i}`}>
              <td>{r.name}</td>
              <td>{formatDateTime(r.linkedAt, { style: 'date' })}</td>
              <td className="proxy-num">{formatDecimal(r.principal)}</td>
              <td className="proxy-num">{r.holdings}</td>
              <td className="proxy-num">{formatDecimal(r.commission)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <ul className="proxy-cards" data-testid="proxy-customers-cards">
      {rows.map((r, i) => (
        <li key={`${r.name}-${r.linkedAt}-${i}`} className="card prog-card proxy-row-card">
          <div className="proxy-row-card__head">
            <strong>{r.name}</strong>
            <span className="proxy-muted">{formatDateTime(r.linkedAt, { style: 'date' })}</span>
          </div>
          <dl className="proxy-kv">
            <dt>{t('records.principal')}</dt>
            <dd className="proxy-num">{formatDecimal(r.principal)}</dd>
            <dt>{t('records.holdings')}</dt>
            <dd className="proxy-num">{r.holdings}</dd>
            <dt>{t('records.commission')}</dt>
            <dd className="proxy-num">{formatDecimal(r.commission)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export default function ProxyRecordsScreen() {
  const { t } = useTranslation(['proxy', 'common']);
  const desktop = useIsDesktop();
  const title = t('common:title.proxyRecords');
  const words = { title, note: t('proxy:records.note'), empty: t('proxy:records.empty') };
  return (
    <ProxyListPage testId="proxy-records-screen" words={words} usePage={useProxyCustomers}>
      {(data) => <CustomerList rows={data.rows} desktop={desktop} />}
    </ProxyListPage>
  );
}
