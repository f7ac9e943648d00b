/**
 * `/floworder/confirm/{id}` (FLOWUI-3, FLOWUI-4): one order. Its steps (taken -> paid -> completed, or cancelled /
 * expired), the amounts and the price, the seller's payment details (to the buyer), the time left to pay counted
 * on the server's clock, and the caller's actions by role and state, each behind a confirmation: the buyer marks
 * paid or cancels; the seller releases once paid or cancels while unpaid. Live through USER_STATUS kind 'flow'
 * (the other party acted, the window ran out), never by polling. A lost reply is answered by asking for the order
 * (FLOWUI-6).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlowOrder } from '../../../../shared/schemas/flow';
import { TopBar } from '../../../ui/TopBar';
import { serverClockOffset } from '../../../market/serverClock';
import { useStatusRefetch } from '../../../market/useStatusRefetch';
import { DataState, dataStatus } from '../../../ui/DataState';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { StateBadge, useFmt, useRuleText } from '../components/cells';
import { outcomeUnknown, pendingActions, sendAction, settleActions, useFlowOrder, useUid } from '../data';
import {
  countdown,
  isActive,
  orderActions,
  orderIdOf,
  orderSteps,
  ruleText,
  waitingFor,
  type OrderAction,
} from '../model/flow';
import { FLOW_PATHS } from '../paths';
import '../components/flow.css';
import { clock } from '../../../time/clock';
import { AlertText } from '../../../ui/AlertText';

/** The server's now, ticking each second while `on` (a countdown on screen, not a fetch). */
function useServerNow(on: boolean): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    let live = true;
    void serverClockOffset().then((o) => {
      if (live && o !== null) setOffset(o);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!on) return;
    const h = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => clock.clearInterval(h);
  }, [on]);
  return now + offset;
}

function Steps({ order }: { order: FlowOrder }) {
  const { t } = useTranslation('flow');
  return (
    <ol className="fl-steps" data-testid="flow-steps">
      {orderSteps(order).map((s) => (
        <li
          key={s.key}
          className={`fl-step fl-step--${s.at} fl-step--${s.key}`}
          aria-current={s.at === 'current' ? 'step' : undefined}
        >
          {t(`step.${s.key}`)}
        </li>
      ))}
    </ol>
  );
}

const ACTION_CLASS: Record<OrderAction, string> = {
  paid: 'fl-btn fl-btn--buy',
  release: 'fl-btn fl-btn--buy',
  cancel: 'fl-btn fl-btn--ghost',
};

function Actions({ order, onDone }: { order: FlowOrder; onDone: () => void }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const rule = useRuleText();
  const qid = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const actions = orderActions(order);
  if (actions.length === 0) return null;
  const vars = {
    name: order.counterparty,
    amount: f.num(order.amount),
    fiatAmount: f.fiat(order.fiatAmount),
    fiat: order.fiat,
    method: t(`method.${order.method}`),
  };

  const run = async (a: OrderAction) => {
    setBusy(true);
    setError('');
    try {
      await sendAction(a, order.id);
      setAsking(null);
      toast(t(`order.done.${a}`), { kind: 'success' });
      onDone();
    } catch (err) {
      setAsking(null);
      if (outcomeUnknown(err)) {
        const o = await settleActions(order.id).catch(() => undefined);
        if (o && !orderActions(o).includes(a)) onDone();
        else setError(t('order.lost'));
      } else {
        const msg = err instanceof Error ? err.message : String(err);
        setError(rule(ruleText(msg) ?? msg));
        onDone();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AlertText text={error} className="fl-error" testId="flow-order-error" />
      <div className="fl-actions">
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            className={ACTION_CLASS[a]}
            disabled={busy}
            onClick={() => setAsking(a)}
            data-testid={`flow-action-${a}`}
          >
            {t(`order.action.${a}`)}
          </button>
        ))}
      </div>
      <Popup
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`order.confirm.${asking}.title`) : ''}
        initialFocus={cancelRef}
        describedBy={qid}
      >
        {asking ? (
          <div className="fl-form" data-testid="flow-confirm">
            <p id={qid} className="fl-muted">
              {t(`order.confirm.${asking}.text`, vars)}
            </p>
            <div className="fl-actions">
              <button ref={cancelRef} type="button" className="fl-btn fl-btn--ghost" onClick={() => setAsking(null)}>
                {t('order.confirm.back')}
              </button>
              <button
                type="button"
                className={asking === 'cancel' ? 'fl-btn fl-btn--danger' : 'fl-btn fl-btn--buy'}
                disabled={busy}
                onClick={() => void run(asking)}
                data-testid="flow-confirm-yes"
              >
                {busy ? t('sending') : t(`order.confirm.${asking}.yes`)}
              </button>
            </div>
          </div>
        ) : null}
      </Popup>
    </>
  );
}

export function OrderView({ order, onChanged }: { order: FlowOrder; onChanged: () => void }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const now = useServerNow(order.state === 'unpaid');
  const wait = waitingFor(order);
  const buying = order.role === 'buyer';
  return (
    <div className="fl-grid" data-testid="flow-order">
      <section className="card fl-card">
        <div className="fl-toolbar">
          <h2>{t(buying ? 'order.titleBuy' : 'order.titleSell', { name: order.counterparty })}</h2>
          <StateBadge state={order.state} />
        </div>
        <Steps order={order} />
        {order.state === 'unpaid' ? (
          <div className="fl-toolbar">
            <span className="fl-muted">{t('order.payWithin')}</span>
            <span className="fl-countdown" data-testid="flow-countdown">
              {countdown(order.payBy, now)}
            </span>
          </div>
        ) : null}
        {wait ? (
          <p className="fl-note" data-testid="flow-wait">
            {t(`order.wait.${wait}`, { name: order.counterparty })}
          </p>
        ) : null}
        <dl className="fl-facts">
          <dt>{t('order.fiatAmount')}</dt>
          <dd className="fl-num" data-testid="flow-order-fiat">
            {f.fiat(order.fiatAmount)} <span className="fl-unit">{order.fiat}</span>
          </dd>
          <dt>{t('order.amount')}</dt>
          <dd className="fl-num" data-testid="flow-order-amount">
            {f.num(order.amount)} <span className="fl-unit">USDT</span>
          </dd>
          <dt>{t('col.price')}</dt>
          <dd className="fl-num">
            {f.fiat(order.price)} <span className="fl-unit">{order.fiat}</span>
          </dd>
          <dt>{t('take.method')}</dt>
          <dd>{t(`method.${order.method}`)}</dd>
          <dt>{t('order.id')}</dt>
          <dd className="fl-num">{order.id}</dd>
          <dt>{t('order.created')}</dt>
          <dd className="fl-num">{f.time(order.createdAt)}</dd>
          {order.paidAt !== null ? (
            <>
              <dt>{t('order.paidAt')}</dt>
              <dd className="fl-num">{f.time(order.paidAt)}</dd>
            </>
          ) : null}
          {order.endedAt !== null ? (
            <>
              <dt>{t('order.endedAt')}</dt>
              <dd className="fl-num">{f.time(order.endedAt)}</dd>
            </>
          ) : null}
          {order.endedBy ? (
            <>
              <dt>{t('order.endedBy')}</dt>
              <dd>
                {t(
                  `endedBy.${order.endedBy === 'timeout' ? 'timeout' : order.endedBy === order.role ? 'you' : 'them'}`,
                )}
              </dd>
            </>
          ) : null}
        </dl>
        <Actions order={order} onDone={onChanged} />
      </section>
      <section className="card fl-card">
        <h3>{t(buying ? 'order.payTo' : 'order.yourDetails')}</h3>
        <pre className="fl-paydetails" data-testid="flow-paydetails">
          {order.payDetails || '--'}
        </pre>
        {order.terms ? (
          <>
            <h3>{t('order.terms')}</h3>
            <p className="fl-muted">{order.terms}</p>
          </>
        ) : null}
        {isActive(order.state) ? (
          <p className="fl-note fl-note--warn">{t(buying ? 'order.outsideBuyer' : 'order.outsideSeller')}</p>
        ) : null}
      </section>
    </div>
  );
}

export default function FlowOrderScreen() {
  const { t } = useTranslation(['flow', 'common']);
  const { id: raw } = useParams();
  const id = orderIdOf(raw);
  const uid = useUid();
  const order = useFlowOrder(uid, id);
  useStatusRefetch(['flow'], order.reload);
  const data = order.data;
  // An action on this order whose reply never came (before a reload too): the order tells whether it landed.
  useEffect(() => {
    if (data && pendingActions(data.id).length > 0) void settleActions(data.id, data);
  }, [data]);
  return (
    <div className="app-screen" data-testid="flow-order-screen">
      <TopBar title={t('common:title.floworderConfirm')} back={FLOW_PATHS.floworderMine} />
      <div className="app-layout fl-layout">
        {id === null ? (
          <p className="fl-error" role="alert">
            {t('flow:order.notFound')}
          </p>
        ) : (
          <DataState status={dataStatus(order)} error={order.error} onRetry={order.reload}>
            {data ? <OrderView order={data} onChanged={order.reload} /> : null}
          </DataState>
        )}
      </div>
    </div>
  );
}
