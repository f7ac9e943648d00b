/**
 * `/proxy/earnings` (PROXY-13, PROXY-14): the commission earned (USDT at the time of payment, PROXY-7), a bar chart
 * by day, the daily totals and every payment with its coin, the interest it came from and the commission.
 */
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../../shared/decimal';
import type { ProxyEarningPage } from '../../../../shared/schemas/proxy';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { useProxyEarnings } from '../data';
import { ProxyListPage } from '../components/ProxyListPage';
import { EarningsChart } from '../components/EarningsChart';
import '../../../ui/programme.css';
import { ColumnHeads } from '../../../ui/ColumnHeads';

export function EarningsView({ data }: { data: ProxyEarningPage }) {
  const { t } = useTranslation('proxy');
  const total = data.byDay.reduce((a, d) => a.plus(d.commission), new Decimal(0)).toFixed();
  return (
    <div className="proxy-grid">
      <section className="card prog-card">
        <dl className="prog-figures">
          <div className="prog-figure">
            <dt>{t('earnings.total')}</dt>
            <dd className="proxy-num" data-testid="proxy-earnings-total">
              {formatDecimal(total)}
              <span className="proxy-unit"> USDT</span>
            </dd>
          </div>
          <div className="prog-figure">
            <dt>{t('earnings.payments')}</dt>
            <dd className="proxy-num">{data.total}</dd>
          </div>
        </dl>
        <EarningsChart byDay={data.byDay} label={t('earnings.chart')} />
        <table className="proxy-table proxy-table--days">
          <ColumnHeads cols={[t('earnings.day'), t('earnings.commissionUsdt')]} classes={['', 'proxy-num']} />
          <tbody>
            {data.byDay.slice(0, 7).map((d) => (
              <tr key={d.day}>
                <td>{formatDateTime(d.day, { style: 'date', offsetMinutes: 0 })}</td>
                <td className="proxy-num">{formatDecimal(d.commission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card prog-card">
        <h2>{t('earnings.list')}</h2>
        <ul className="proxy-earnings" data-testid="proxy-earnings-list">
          {data.rows.map((r) => (
            <li key={r.id} className="proxy-earning">
              <div>
                <strong>{r.customer}</strong>
                <span className="proxy-muted">{formatDateTime(r.time)}</span>
              </div>
              <div className="proxy-num">
                <strong>
                  +{formatDecimal(r.commission)} {r.coin}
                </strong>
                <span className="proxy-muted">
                  {t('earnings.ofInterest', { interest: formatDecimal(r.interest), coin: r.coin })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function ProxyEarningsScreen() {
  const { t } = useTranslation(['proxy', 'common']);
  const title = t('common:title.proxyEarnings');
  const words = { title, note: t('proxy:earnings.note'), empty: t('proxy:earnings.empty') };
  return (
    <ProxyListPage testId="proxy-earnings-screen" words={words} usePage={useProxyEarnings}>
      {(data) => <EarningsView data={data} />}
    </ProxyListPage>
  );
}
