/**
 * My holdings (FINUI-8, FINUI-9): the totals per coin (principal, accrued, paid, yesterday's interest), then each
 * active holding with its interest accrued and paid, its dates, the auto-renew switch where the product allows it,
 * and Redeem (through the confirmation dialog).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceHolding, FinanceProduct } from '../../../../shared/schemas/finance';
import { CoinIcon } from '../../../ui/CoinIcon';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { Link } from 'react-router';
import { rulesById, sendAutoRenew, useFinanceHoldings, useFinanceProducts, useFinanceSummary } from '../data';
import { aprPercent, redeemTerms } from '../model/finance';
import { financeHref } from '../paths';
import { amount, utcDate } from './format';
import { RedeemDialog } from './RedeemDialog';
import { textDir } from '../../../ui/bidi';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import { AlertText } from '../../../ui/AlertText';
import { Figure } from '../../../ui/Figure';
import '../../../forms/forms.css';

export function HoldingsPanel({ uid, now, desktop }: { uid: string; now: () => number; desktop: boolean }) {
  const { t } = useTranslation('finance');
  const summary = useFinanceSummary(uid);
  const holdings = useFinanceHoldings(uid, 'active');
  const products = useFinanceProducts();
  const byId = rulesById(products.data);
  const [redeeming, setRedeeming] = useState<FinanceHolding | null>(null);
  const rows = summary.data?.rows ?? [];

  return (
    <div className="fin-holdings" data-testid="finance-holdings">
      <section aria-labelledby="fin-sum-h" className="fin-section">
        <h2 id="fin-sum-h" className="fin-h2">
          {t('holdings.summary')}
        </h2>
        <DataState
          status={dataStatus(summary)}
          error={summary.error}
          onRetry={summary.reload}
          compact
          empty={rows.length === 0}
          emptyView={<p className="fin-muted">{t('holdings.noSummary')}</p>}
        >
          {desktop ? null : (
            <ul className="stack-list fin-sumcards" data-testid="finance-summary">
              {rows.map((r) => (
                <li key={r.coin} className="card fin-sumcard">
                  <span className="fin-coin">
                    <CoinIcon coin={r.coin} size={20} />
                    {r.coin.toUpperCase()}
                  </span>
                  <dl className="figures fin-hold__grid fin-hold__grid--2">
                    <Figure label={t('col.principal')}>{amount(r.principal)}</Figure>
                    <Figure label={t('col.yesterday')} className="up">
                      +{amount(r.yesterday)}
                    </Figure>
                    <Figure label={t('col.accrued')}>{amount(r.accrued)}</Figure>
                    <Figure label={t('col.paid')}>{amount(r.paid)}</Figure>
                  </dl>
                </li>
              ))}
            </ul>
          )}
          <div className="fin-table-wrap" hidden={!desktop}>
            <table className="fin-table">
              <ColumnHeads
                cols={[t('col.coin'), t('col.principal'), t('col.accrued'), t('col.paid'), t('col.yesterday')]}
                classes={['', 'num', 'num', 'num', 'num']}
              />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.coin}>
                    <th scope="row">
                      <span className="fin-coin">
                        <CoinIcon coin={r.coin} size={18} />
                        {r.coin.toUpperCase()}
                      </span>
                    </th>
                    <td className="num">{amount(r.principal)}</td>
                    <td className="num">{amount(r.accrued)}</td>
                    <td className="num">{amount(r.paid)}</td>
                    <td className="num up">+{amount(r.yesterday)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </DataState>
      </section>

      <section aria-labelledby="fin-hold-h" className="fin-section">
        <h2 id="fin-hold-h" className="fin-h2">
          {t('holdings.active')}
        </h2>
        <DataState
          status={dataStatus(holdings)}
          error={holdings.error}
          onRetry={holdings.reload}
          empty={(holdings.data?.rows.length ?? 0) === 0}
          emptyView={
            <EmptyState
              title={t('empty.holdings')}
              action={
                <Link className="fbtn fbtn--secondary" to={financeHref('products')}>
                  {t('empty.browse')}
                </Link>
              }
            />
          }
        >
          <ul className="fin-hlist">
            {(holdings.data?.rows ?? []).map((h) => (
              <HoldingRow key={h.id} h={h} product={byId.get(h.productId)} onRedeem={() => setRedeeming(h)} />
            ))}
          </ul>
        </DataState>
      </section>
      {redeeming ? (
        <RedeemDialog
          holding={redeeming}
          terms={redeemTerms(redeeming, byId.get(redeeming.productId)?.earlyRedeem, now())}
          onClose={() => setRedeeming(null)}
        />
      ) : null}
    </div>
  );
}

function HoldingRow({ h, product, onRedeem }: { h: FinanceHolding; product?: FinanceProduct; onRedeem: () => void }) {
  const { t } = useTranslation('finance');
  const coin = h.coin.toUpperCase();
  const [renew, setRenew] = useState(h.autoRenew);
  const [saving, setSaving] = useState(false);
  const [err, setErr] = useState('');
  const canRenew = h.kind === 'fixed' && (product?.autoRenewAllowed ?? false);
  const toggle = async () => {
    const next = !renew;
    setSaving(true);
    setErr('');
    try {
      const r = await sendAutoRenew(h.id, next);
      setRenew(r.autoRenew);
    } catch (e) {
      setErr(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <li className="card fin-hold" data-testid={`finance-holding-${h.id}`}>
      <div className="fin-hold__head">
        <CoinIcon coin={h.coin} size={24} />
        <span className="fin-hold__name" dir={textDir(h.productName)}>
          {h.productName}
        </span>
        <span className={`fin-badge fin-badge--${h.kind}`}>{t(`kind.${h.kind}`)}</span>
        <span className="fin-hold__apr fin-num">
          {aprPercent(h.apr)}% <span className="fin-muted">{t('product.apr')}</span>
        </span>
      </div>
      <dl className="figures fin-hold__grid">
        <Figure label={t('col.principal')} className="fin-num">
          {amount(h.principal)} {coin}
        </Figure>
        <Figure label={t('col.accrued')} className="fin-num">
          {amount(h.accrued)} {coin}
        </Figure>
        <Figure label={t('col.paid')} className="fin-num">
          {amount(h.paid)} {coin}
        </Figure>
        <Figure label={t('dates.interestFrom')} className="fin-num">
          {utcDate(h.interestFrom)}
        </Figure>
        <Figure label={t('dates.maturity')} className="fin-num">
          {h.maturesAt === null ? t('dates.noMaturity') : utcDate(h.maturesAt)}
        </Figure>
      </dl>
      <div className="fin-hold__actions">
        {canRenew ? (
          <label className="fin-switch">
            <input
              type="checkbox"
              role="switch"
              checked={renew}
              disabled={saving}
              onChange={() => void toggle()}
              data-testid="finance-autorenew"
            />
            <span>{t('form.autoRenew')}</span>
          </label>
        ) : (
          <span />
        )}
        <button type="button" className="fbtn fbtn--secondary" onClick={onRedeem} data-testid="finance-redeem">
          {t('holdings.redeem')}
        </button>
      </div>
      <AlertText text={err} className="form__error" />
    </li>
  );
}
