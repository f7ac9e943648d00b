/**
 * The user's settled second contracts, paged (SECUI-8): result, stake and payout, the entry and exit prices,
 * and the audit: the entry trade and the exit trade the settlement used (id, time, price) and the rule, so
 * the user can check the outcome against the public trades. "Show on chart" marks the pair of trades on the
 * chart (SECUI-9).
 */
import { LoadFailed } from './LoadFailed';
import { Fact } from '../../../components/kit/Fact';
import { SettledPager } from '../../../components/kit/ContractTabs';
import { useTranslation } from 'react-i18next';
import type { SecondOrder, SecondOrderPage, TradeEvidence } from '../../../../../../shared/schemas/trading';
import { formatDateTime, formatDecimal } from '../../../../../i18n/format';
import { EmptyState } from '../../../../../ui/EmptyState';
import { STAKE_COIN } from '../model/seconds';
import { ContractTop } from './ContractTop';

interface Props {
  page: number;
  pageSize: number;
  state: { status: 'loading' | 'ok' | 'error'; data?: SecondOrderPage; error?: string; reload: () => void };
  pairOf: (symbol: string) => string;
  onPage: (page: number) => void;
  onShowOnChart?: (order: SecondOrder) => void;
  /** Id of the contract marked on the chart. */
  marked?: number;
}

export function SettledContracts({ page, pageSize, state, pairOf, onPage, onShowOnChart, marked }: Props) {
  const { t } = useTranslation('seconds');
  const data = state.data;
  if (!data) {
    if (state.status === 'error') return <LoadFailed text={t('settled.error')} onRetry={state.reload} />;
    return (
      <div className="sec-state" aria-busy="true">
        {t('loading')}
      </div>
    );
  }
  if (data.rows.length === 0 && page === 1) return <EmptyState compact title={t('settled.empty')} />;
  return (
    <div data-testid="seconds-settled" aria-busy={state.status === 'loading'}>
      {state.status === 'error' && (
        <p className="form__error" role="alert">
          {t('settled.error')}
        </p>
      )}
      <ul className="sec-list">
        {data.rows.map((o) => (
          <SettledRow
            key={o.id}
            order={o}
            pair={pairOf(o.symbol)}
            onShowOnChart={onShowOnChart}
            marked={marked === o.id}
          />
        ))}
      </ul>
      <SettledPager mode="seconds" page={page} total={data.total} pageSize={pageSize} onPage={onPage} />
    </div>
  );
}

export function SettledRow({
  order: o,
  pair,
  onShowOnChart,
  marked,
}: {
  order: SecondOrder;
  pair: string;
  onShowOnChart?: (order: SecondOrder) => void;
  marked?: boolean;
}) {
  const { t } = useTranslation('seconds');
  const result = o.result ?? 'draw';
  return (
    <li className="sec-row" data-testid="seconds-settled-row" data-id={o.id} data-result={o.result ?? ''}>
      <ContractTop order={o} pair={pair}>
        <span className={`sec-result ${{ win: 'tone-up', lose: 'tone-down', draw: '' }[result]}`}>
          {t(`result.${result}`)}
        </span>
      </ContractTop>
      <dl className="figures sec-row__grid">
        <Fact label={t('open.stake')}>{`${formatDecimal(o.amount)} ${STAKE_COIN}`}</Fact>
        <Fact label={t('settled.payout')}>{`${formatDecimal(o.payout ?? '0')} ${STAKE_COIN}`}</Fact>
        <Fact label={t('open.entry')}>{formatDecimal(o.openPrice)}</Fact>
        <Fact label={t('settled.exit')}>{formatDecimal(o.closePrice)}</Fact>
      </dl>
      <details className="sec-audit">
        <summary>{t('audit.title')}</summary>
        <dl className="figures sec-audit__list" data-testid="seconds-audit">
          <Evidence label={t('audit.entry')} trade={o.entry} />
          {o.exit ? <Evidence label={t('audit.exit')} trade={o.exit} /> : null}
        </dl>
        <p className="sec-rule">
          {t('audit.rule', { open: preciseTime(o.openTime), close: preciseTime(o.closeTime) })}
        </p>
        {onShowOnChart && o.exit && (
          <button
            type="button"
            className="sec-link"
            aria-pressed={marked}
            onClick={() => onShowOnChart(o)}
            data-testid="seconds-show-on-chart"
          >
            {t('audit.showOnChart')}
          </button>
        )}
      </details>
    </li>
  );
}

/** Date and time to the millisecond, in the platform time zone: the audit compares trades with the close time. */
function preciseTime(ms: number): string {
  return `${formatDateTime(ms)}.${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')}`;
}

function Evidence({ label, trade }: { label: string; trade: TradeEvidence }) {
  const { t } = useTranslation('seconds');
  return (
    <Fact label={label}>
      {t('audit.trade', {
        id: trade.id,
        time: preciseTime(trade.time),
        price: formatDecimal(trade.price),
      })}
    </Fact>
  );
}
