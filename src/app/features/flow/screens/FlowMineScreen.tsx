/**
 * `/floworder/mine` (FLOWUI-5): my orders in two tabs (active: unpaid or paid; ended), each row opening the order;
 * for merchants a third tab with their offers (close, behind a confirmation) and the form to post one. The tab
 * is in the URL as `?tab=`. Lists refresh on a flow USER_STATUS, never by polling.
 */
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlowOffer, FlowOrder } from '../../../../shared/schemas/flow';
import { TopBar } from '../../../ui/TopBar';
import { useStatusRefetch } from '../../../market/useStatusRefetch';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { tabId, UnderlineTabs } from '../../../ui/UnderlineTabs';
import { Methods, Pager, StateBadge, useFmt } from '../components/cells';
import { OfferForm } from '../components/OfferForm';
import {
  closeLanded,
  outcomeUnknown,
  sendClose,
  useFlowMerchant,
  useFlowMyOffers,
  useFlowOrders,
  useUid,
} from '../data';
import { FLOW_PAGE_SIZE, mineTabOf } from '../model/flow';
import { FLOW_MINE_TABS, FLOW_PATHS, flowOrderPath, type FlowMineTab } from '../paths';
import '../components/flow.css';
import { AlertText } from '../../../ui/AlertText';

function OrderRow({ o }: { o: FlowOrder }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const buying = o.role === 'buyer';
  return (
    <li>
      <Link className="fl-row" to={flowOrderPath(o.id)} data-testid="flow-order-row">
        <span>
          <strong className={buying ? 'up' : 'down'}>{t(buying ? 'side.buy' : 'side.sell')}</strong>{' '}
          <span className="fl-num">
            {f.num(o.amount)} <span className="fl-unit">USDT</span>
          </span>
        </span>
        <span className="fl-row__end">
          <StateBadge state={o.state} />
        </span>
        <span className="fl-muted">
          {o.counterparty} · {f.time(o.createdAt)}
        </span>
        <span className="fl-row__end fl-num">
          {f.fiat(o.fiatAmount)} <span className="fl-unit">{o.fiat}</span>
        </span>
      </Link>
    </li>
  );
}

function OrdersPanel({ state }: { state: 'active' | 'ended' }) {
  const { t } = useTranslation('flow');
  const uid = useUid();
  const [pageNum, setPageNum] = useState(1);
  const q = useFlowOrders(uid, state, pageNum);
  useStatusRefetch(['flow'], q.reload);
  const rows = q.data?.rows ?? [];
  return (
    <DataState
      status={dataStatus(q)}
      error={q.error}
      onRetry={q.reload}
      empty={rows.length === 0}
      emptyView={
        <EmptyState
          title={t(`mine.empty.${state}`)}
          action={
            <Link className="fl-btn" to={FLOW_PATHS.floworder}>
              {t('links.market')}
            </Link>
          }
        />
      }
    >
      <ul className="fl-rows" data-testid={`flow-orders-${state}`}>
        {rows.map((o) => (
          <OrderRow key={o.id} o={o} />
        ))}
      </ul>
      <Pager pageNum={pageNum} total={q.data?.total ?? 0} pageSize={FLOW_PAGE_SIZE} onPage={setPageNum} />
    </DataState>
  );
}

function OfferLine({ o, onClose }: { o: FlowOffer; onClose: () => void }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  return (
    <li className="fl-row" data-testid="flow-my-offer">
      <span>
        <strong className={o.side === 'sell' ? 'down' : 'up'}>{t(`offerForm.sideOf.${o.side}`)}</strong>{' '}
        <span className="fl-num">
          {f.fiat(o.price)} <span className="fl-unit">{o.fiat}</span>
        </span>
      </span>
      <span className="fl-row__end">
        {o.status === 'open' ? (
          <button type="button" className="fl-btn fl-btn--ghost" onClick={onClose} data-testid="flow-offer-close">
            {t('mine.close')}
          </button>
        ) : (
          <span className="fl-state">{t('mine.closed')}</span>
        )}
      </span>
      <span className="fl-muted fl-num">
        {t('col.available')}: {f.num(o.available)} USDT ·{' '}
        <span dir="ltr">
          {f.fiat(o.minFiat)} – {f.fiat(o.maxFiat)} {o.fiat}
        </span>
      </span>
      <span className="fl-row__end">
        <Methods methods={o.methods} />
      </span>
    </li>
  );
}

function OffersPanel() {
  const { t } = useTranslation('flow');
  const uid = useUid();
  const qid = useId();
  const backRef = useRef<HTMLButtonElement>(null);
  const merchant = useFlowMerchant(uid);
  const isMerchant = merchant.data !== undefined && merchant.data.state !== 'none';
  const canPost = merchant.data?.state === 'active';
  const [pageNum, setPageNum] = useState(1);
  const q = useFlowMyOffers(uid, isMerchant, pageNum);
  useStatusRefetch(['flow'], q.reload);
  const [closing, setClosing] = useState<FlowOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const close = async (o: FlowOffer) => {
    setBusy(true);
    setError('');
    try {
      await sendClose(o.id);
      toast(t('mine.closedToast'), { kind: 'success' });
    } catch (err) {
      if (outcomeUnknown(err)) {
        if (!(await closeLanded(o.id).catch(() => false))) setError(t('offerForm.lost'));
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      setClosing(null);
    }
  };
  if (merchant.data && !isMerchant)
    return (
      <EmptyState
        title={t('mine.notMerchant')}
        action={
          <Link className="fl-btn" to={FLOW_PATHS.floworderApply}>
            {t('links.apply')}
          </Link>
        }
      />
    );
  const rows = q.data?.rows ?? [];
  return (
    <DataState
      status={merchant.data ? dataStatus(q) : dataStatus(merchant)}
      error={q.error ?? merchant.error}
      onRetry={merchant.data ? q.reload : merchant.reload}
    >
      <div className="fl-grid">
        <section className="card fl-card">
          <h2>{t('mine.myOffers')}</h2>
          <AlertText text={error} className="fl-error" />
          {rows.length === 0 ? (
            <p className="fl-muted">{t('mine.noOffers')}</p>
          ) : (
            <ul className="fl-rows" data-testid="flow-my-offers">
              {rows.map((o) => (
                <OfferLine key={o.id} o={o} onClose={() => setClosing(o)} />
              ))}
            </ul>
          )}
          <Pager pageNum={pageNum} total={q.data?.total ?? 0} pageSize={FLOW_PAGE_SIZE} onPage={setPageNum} />
        </section>
        {canPost ? (
          <section className="card fl-card">
            <h2>{t('offerForm.title')}</h2>
            <OfferForm />
          </section>
        ) : (
          <p className="fl-note fl-note--warn">{t('apply.suspended')}</p>
        )}
      </div>
      <Popup
        open={closing !== null}
        onClose={() => setClosing(null)}
        title={t('mine.closeTitle')}
        initialFocus={backRef}
        describedBy={qid}
      >
        <div className="fl-form">
          <p id={qid} className="fl-muted">
            {t('mine.closeText')}
          </p>
          <div className="fl-actions">
            <button ref={backRef} type="button" className="fl-btn fl-btn--ghost" onClick={() => setClosing(null)}>
              {t('order.confirm.back')}
            </button>
            <button
              type="button"
              className="fl-btn fl-btn--danger"
              disabled={busy}
              onClick={() => closing && void close(closing)}
              data-testid="flow-offer-close-yes"
            >
              {t('mine.close')}
            </button>
          </div>
        </div>
      </Popup>
    </DataState>
  );
}

export default function FlowMineScreen() {
  const { t } = useTranslation(['flow', 'common']);
  const [params, setParams] = useSearchParams();
  const tab = mineTabOf(params.get('tab'));
  const select = (k: FlowMineTab) => setParams(k === 'active' ? {} : { tab: k }, { replace: true });
  return (
    <div className="app-screen" data-testid="flow-mine">
      <TopBar title={t('common:title.floworderMine')} back={FLOW_PATHS.floworder} />
      <div className="app-layout fl-layout">
        <UnderlineTabs
          tabs={FLOW_MINE_TABS}
          active={tab}
          onSelect={select}
          label={(k) => t(`flow:mine.tab.${k}`)}
          ariaLabel={t('common:title.floworderMine')}
          idPrefix="flow-mine"
          panelId="flow-mine-panel"
          testIdPrefix="flow-mine-tab"
        />
        <div id="flow-mine-panel" role="tabpanel" aria-labelledby={tabId('flow-mine', tab)} className="fl-form">
          {tab === 'offers' ? <OffersPanel /> : <OrdersPanel key={tab} state={tab} />}
        </div>
      </div>
    </div>
  );
}
