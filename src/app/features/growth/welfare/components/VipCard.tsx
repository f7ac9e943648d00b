/**
 * The VIP card (WELUI-5, WELUI-6; VIP-1..4) on /welfare and on "My": nothing while VIP is off (the default) or
 * while its data has not arrived or failed (it is an extra, never a blocker); else the level, the 30-day volume,
 * the fee discount, the progress bar to the next level and the table of levels.
 */
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../../i18n/format';
import { useVipInfo } from '../data';
import { vipView, type VipView } from '../model/vipView';
import './welfare.css';
import { ColumnHeads } from '../../../../ui/ColumnHeads';

export function VipCardView({ view, className }: { view: VipView; className?: string }) {
  const { t } = useTranslation('welfare');
  return (
    <section
      className={`card prog-card wel-vip${className ? ` ${className}` : ''}`}
      aria-labelledby="wel-vip-title"
      data-testid="vip-card"
    >
      <div className="wel-vip__head">
        <h2 id="wel-vip-title">{t('vip.title')}</h2>
        <span className="wel-vip__badge" data-testid="vip-level">
          {t('vip.level', { level: view.level })}
        </span>
      </div>
      <dl className="prog-figures wel-figures">
        <div className="prog-figure">
          <dt>{t('vip.volume')}</dt>
          <dd className="proxy-num">
            {formatDecimal(view.volume)} <span className="wel-unit">USDT</span>
          </dd>
        </div>
        <div className="prog-figure">
          <dt>{t('vip.discount')}</dt>
          <dd className="proxy-num" data-testid="vip-discount">
            {formatDecimal(view.discountPct)} %
          </dd>
        </div>
      </dl>
      <div
        className="wel-progress"
        role="progressbar"
        aria-label={t('vip.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.progress}
      >
        <span style={{ width: `${view.progress}%` }} />
      </div>
      <p className="wel-muted">
        {view.next ? t('vip.next', { needed: formatDecimal(view.next.needed), level: view.next.level }) : t('vip.top')}
      </p>
      <details className="wel-vip__table">
        <summary>{t('vip.table')}</summary>
        <table className="wel-table">
          <ColumnHeads
            cols={[t('vip.colLevel'), t('vip.colVolume'), t('vip.colDiscount')]}
            classes={['', 'proxy-num', 'proxy-num']}
          />
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.level} className={r.current ? 'is-current' : undefined}>
                <th scope="row">
                  {t('vip.level', { level: r.level })}
                  {r.current ? <span className="wel-tag">{t('vip.current')}</span> : null}
                </th>
                <td className="proxy-num">
                  {formatDecimal(r.start)} – {formatDecimal(r.end)}
                </td>
                <td className="proxy-num">{formatDecimal(r.discountPct)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="wel-muted">{t('vip.measure')}</p>
    </section>
  );
}

/** `className`: where the host screen places it (e.g. `wel-vip--my`, the phone's "My" margins). */
export function VipCard({ className }: { className?: string }) {
  const q = useVipInfo();
  const view = vipView(q.data);
  return view ? <VipCardView view={view} className={className} /> : null;
}
