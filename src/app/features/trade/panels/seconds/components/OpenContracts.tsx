/**
 * The user's open second contracts (SECUI-6): pair and direction, stake, entry price, the live price with
 * whether the contract would win now, and the countdown to its close on server time. Each row follows its own
 * pair's ticker and its own countdown, so a tick or a second re-renders that row only, never the page.
 * A countdown at zero shows "settling" until the settlement arrives (SECUI-7).
 */
import { LoadFailed } from './LoadFailed';
import { Fact } from '../../../components/kit/Fact';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondOrder } from '../../../../../../shared/schemas/trading';
import { formatDecimal } from '../../../../../i18n/format';
import { useTicker } from '../../../../../market/hooks';
import { EmptyState } from '../../../../../ui/EmptyState';
import { STAKE_COIN, standing, winPayout } from '../model/seconds';
import { Countdown } from '../../../components/Countdown';
import { ContractTop } from './ContractTop';

/** How often a row's live price may re-render it (a value read by eye). */
const LIVE_PRICE_MS = 250;

interface ListState {
  status: 'loading' | 'ok' | 'error';
  error?: string;
  reload: () => void;
}

interface Props {
  rows: readonly SecondOrder[];
  state: ListState;
  offset: number | null;
  pairOf: (symbol: string) => string;
  /** A countdown reached zero (the panel asks for the outcome if no push comes). */
  onClosed: (id: number) => void;
}

export function OpenContracts({ rows, state, offset, pairOf, onClosed }: Props) {
  const { t } = useTranslation('seconds');
  if (rows.length === 0) {
    if (state.status === 'error') return <LoadFailed text={t('open.error')} onRetry={state.reload} />;
    if (state.status === 'loading')
      return (
        <div className="sec-state" aria-busy="true">
          {t('loading')}
        </div>
      );
    return <EmptyState compact title={t('open.empty')} />;
  }
  return (
    <ul className="sec-list" data-testid="seconds-open">
      {rows.map((o) => (
        <OpenRow key={o.id} order={o} offset={offset} pair={pairOf(o.symbol)} onClosed={onClosed} />
      ))}
    </ul>
  );
}

const OpenRow = memo(function OpenRow({
  order,
  offset,
  pair,
  onClosed,
}: {
  order: SecondOrder;
  offset: number | null;
  pair: string;
  onClosed: (id: number) => void;
}) {
  const { t } = useTranslation('seconds');
  const [closed, setClosed] = useState(false);
  const payout = winPayout(order.amount, order.ratio);
  return (
    <li className="sec-row" data-testid="seconds-open-row" data-id={order.id}>
      <ContractTop order={order} pair={pair}>
        <span className="sec-row__timer">
          {closed ? (
            <span className="sec-settling">{t('settling')}</span>
          ) : (
            <Countdown
              closeTime={order.closeTime}
              offset={offset}
              onClose={() => {
                setClosed(true);
                onClosed(order.id);
              }}
            />
          )}
        </span>
      </ContractTop>
      <dl className="figures sec-row__grid">
        <Fact label={t('open.stake')}>{`${formatDecimal(order.amount)} ${STAKE_COIN}`}</Fact>
        <Fact label={t('open.entry')}>{formatDecimal(order.openPrice)}</Fact>
        <LivePrice order={order} />
        <Fact label={t('open.pays')}>{payout ? `${formatDecimal(payout)} ${STAKE_COIN}` : '--'}</Fact>
      </dl>
    </li>
  );
});

/** The pair's last price and the contract's standing at it; re-renders with the ticker, alone. */
function LivePrice({ order }: { order: SecondOrder }) {
  const { t } = useTranslation('seconds');
  const ticker = useTicker(order.symbol, LIVE_PRICE_MS);
  const s = standing(order.direction, order.openPrice, ticker?.priceRaw);
  return (
    <div className={s ? `sec-standing sec-standing--${s}` : undefined} data-testid="seconds-live">
      <dt>{t('open.live')}</dt>
      <dd>
        {ticker ? formatDecimal(ticker.priceRaw) : '--'}
        {s && <span className="sec-standing__word">{t(`standing.${s}`)}</span>}
      </dd>
    </div>
  );
}
