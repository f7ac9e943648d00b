/**
 * `/floworder` (FLOWUI-1, FLOWUI-2): the P2P market. Buy / Sell tabs from the customer's side (in the URL as
 * `?side=`), filters by fiat and payment method, the open offers best price first (merchant with their orders and
 * completion rate, price, available USDT, per-order limits, methods, payment window) and the take sheet. A table
 * on desktop, cards on a phone. Offers refresh on a flow USER_STATUS (an order taken or ended), never by polling.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FLOW_FIATS,
  FLOW_PAY_METHODS,
  type FlowFiat,
  type FlowOffer,
  type FlowPayMethod,
} from '../../../../shared/schemas/flow';
import { TopBar } from '../../../ui/TopBar';
import { useStatusRefetch } from '../../../market/useStatusRefetch';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { Methods, Pager, useFmt } from '../components/cells';
import { TakeDialog } from '../components/TakeDialog';
import { useFlowOffers } from '../data';
import { CUSTOMER_SIDES, FLOW_PAGE_SIZE, sideOf, takerSide } from '../model/flow';
import { FLOW_PATHS } from '../paths';
import '../components/flow.css';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';

function OfferRow({ offer, onTake }: { offer: FlowOffer; onTake: () => void }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const side = takerSide(offer.side);
  return (
    <li className="fl-offer" data-testid="flow-offer">
      <div className="fl-offer__merchant">
        <span className="fl-offer__name" data-testid="flow-offer-merchant">
          {offer.merchant}
          {offer.mine ? <span className="fl-mine"> · {t('offer.yours')}</span> : null}
        </span>
        <span className="fl-muted fl-num">
          {offer.merchantOrders > 0
            ? t('offer.record', { orders: offer.merchantOrders, rate: f.num(offer.merchantRate) })
            : t('offer.new')}
        </span>
      </div>
      <div className="fl-offer__cell fl-offer__price-cell">
        <span className="fl-offer__label">{t('col.price')}</span>
        <span className="fl-num">
          <span className={`fl-offer__price ${side === 'buy' ? 'up' : 'down'}`} data-testid="flow-offer-price">
            {f.fiat(offer.price)}
          </span>{' '}
          <span className="fl-unit">{offer.fiat}</span>
        </span>
      </div>
      <div className="fl-offer__cell">
        <span className="fl-offer__label">{t('col.available')}</span>
        <span className="fl-num">
          {f.num(offer.available)} <span className="fl-unit">USDT</span>
        </span>
      </div>
      <div className="fl-offer__cell">
        <span className="fl-offer__label">{t('col.limits')}</span>
        <span className="fl-num" dir="ltr">
          {f.fiat(offer.minFiat)} – {f.fiat(offer.maxFiat)} <span className="fl-unit">{offer.fiat}</span>
        </span>
      </div>
      <div className="fl-offer__cell">
        <span className="fl-offer__label">{t('col.methods')}</span>
        <Methods methods={offer.methods} />
      </div>
      <div className="fl-offer__cell">
        <span className="fl-offer__label">{t('col.window')}</span>
        <span className="fl-num">{t('minutes', { n: offer.payWindowMin })}</span>
      </div>
      <div className="fl-offer__action">
        <button
          type="button"
          className={`fl-btn fl-btn--${side}`}
          disabled={offer.mine}
          onClick={onTake}
          data-testid="flow-offer-take"
        >
          {t(`take.open.${side}`)}
        </button>
      </div>
    </li>
  );
}

/** One of the market's filters (a fiat, a payment method): a select that starts with "all". */
function Filter<V extends string>({
  label,
  value,
  options,
  optionLabel = (o) => o,
  onPick,
  testId,
}: {
  label: string;
  value: V | '';
  options: readonly V[];
  optionLabel?: (option: V) => string;
  onPick: (v: V | '') => void;
  testId: string;
}) {
  const { t } = useTranslation('flow');
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onPick(e.target.value as V | '')} data-testid={testId}>
        <option value="">{t('flow:filter.all')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function FlowMarketScreen() {
  const { t } = useTranslation(['flow', 'common']);
  const [params, setParams] = useSearchParams();
  const side = sideOf(params.get('side'));
  const [fiat, setFiat] = useState<FlowFiat | ''>('');
  const [method, setMethod] = useState<FlowPayMethod | ''>('');
  const [pageNum, setPageNum] = useState(1);
  /** A filter's change: the list starts again at its first page. */
  const filterBy =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      setPageNum(1);
      set(v);
    };
  const [taking, setTaking] = useState<FlowOffer | null>(null);
  const offers = useFlowOffers(side, fiat, method, pageNum);
  useStatusRefetch(['flow'], offers.reload);
  const rows = offers.data?.rows ?? [];

  return (
    <div className="app-screen" data-testid="flow-market">
      <TopBar title={t('common:title.floworder')} back />
      <div className="app-layout fl-layout">
        <p className="fl-lead">{t('flow:market.lead')}</p>
        <nav className="fl-links">
          <Link to={FLOW_PATHS.floworderMine} data-testid="flow-link-mine">
            {t('flow:links.mine')}
          </Link>
          <Link to={FLOW_PATHS.floworderApply} data-testid="flow-link-apply">
            {t('flow:links.apply')}
          </Link>
        </nav>
        <div className="fl-toolbar">
          <ChoiceGroup
            kind="radio"
            className="fl-seg"
            label={t('flow:market.side')}
            options={CUSTOMER_SIDES}
            isOn={(s) => side === s}
            onPick={(s) => {
              setPageNum(1);
              setParams(s === 'buy' ? {} : { side: s }, { replace: true });
            }}
            buttonClass={(s) => `fl-seg__btn fl-seg__btn--${s}`}
            testId={(s) => `flow-side-${s}`}
          >
            {(s) => t(`flow:side.${s}`)}
          </ChoiceGroup>
          <div className="fl-filters">
            <Filter
              label={t('flow:filter.fiat')}
              value={fiat}
              options={FLOW_FIATS}
              onPick={filterBy(setFiat)}
              testId="flow-filter-fiat"
            />
            <Filter
              label={t('flow:filter.method')}
              value={method}
              options={FLOW_PAY_METHODS}
              optionLabel={(m) => t(`flow:method.${m}`)}
              onPick={filterBy(setMethod)}
              testId="flow-filter-method"
            />
          </div>
        </div>
        <DataState
          status={dataStatus(offers)}
          error={offers.error}
          onRetry={offers.reload}
          empty={rows.length === 0}
          emptyView={<EmptyState title={t(`flow:market.empty.${side}`)} description={t('flow:market.emptyHint')} />}
        >
          <ul className="fl-offers" data-testid="flow-offers" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            <li className="fl-offers__head" aria-hidden="true">
              <span>{t('flow:col.merchant')}</span>
              <span>{t('flow:col.price')}</span>
              <span>{t('flow:col.available')}</span>
              <span>{t('flow:col.limits')}</span>
              <span>{t('flow:col.methods')}</span>
              <span>{t('flow:col.window')}</span>
              <span />
            </li>
            {rows.map((o) => (
              <OfferRow key={o.id} offer={o} onTake={() => setTaking(o)} />
            ))}
          </ul>
          <Pager pageNum={pageNum} total={offers.data?.total ?? 0} pageSize={FLOW_PAGE_SIZE} onPage={setPageNum} />
        </DataState>
        <p className="fl-muted">{t('flow:market.outside')}</p>
      </div>
      {taking ? <TakeDialog offer={taking} onClose={() => setTaking(null)} /> : null}
    </div>
  );
}
