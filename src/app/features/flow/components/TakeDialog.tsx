/**
 * The take sheet (FLOWUI-2): the amount in fiat or in USDT with the other shown live at the offer's price, the
 * payment method, the taker's payment details when they sell, and a plain note that the payment happens outside
 * the exchange while the USDT waits in escrow. The button names the first rule the take breaks (the shared
 * `checkFlowTake`, which the server runs too). One Idempotency-Key per take, kept across reloads; a lost reply is
 * answered by asking for the caller's orders (FLOWUI-6), never by taking again. On success: the order's page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlowOffer, FlowOrder } from '../../../../shared/schemas/flow';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { useAssetBalances } from '../../../money/balances';
import { findTake, outcomeUnknown, pendingTakes, sendTake, takeIntent, useFlowOrders, useUid } from '../data';
import {
  checkTake,
  emptyTake,
  parseTakeIntent,
  ruleText,
  takeConversion,
  takeSummary,
  takerSide,
  unpaidCount,
} from '../model/flow';
import type { TakeDraft } from '../model/flow';
import { flowOrderPath } from '../paths';
import { useFmt, useRuleText } from './cells';
import { clock } from '../../../time/clock';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { AlertText } from '../../../ui/AlertText';
import { UnitField } from '../../../forms/UnitField';

/** The platform account's available USDT, undefined while the balances load. */
export function usePlatformUsdt(): string | undefined {
  const b = useAssetBalances();
  if (!b.data) return undefined;
  return b.data.find((r) => r.account === 'platform' && r.coin.toUpperCase() === 'USDT')?.available ?? '0';
}

/** WORD-4: the amount's label says what the typed figure is to the customer: paid, bought, sold or received. */
const amountLabel = (side: 'buy' | 'sell', by: TakeDraft['by']): string =>
  side === 'buy'
    ? by === 'fiat'
      ? 'take.amount.buy'
      : 'take.amount.buyCoin'
    : by === 'coin'
      ? 'take.amount.sell'
      : 'take.amount.sellFiat';

export function TakeDialog({ offer, onClose }: { offer: FlowOffer; onClose: () => void }) {
  const { t } = useTranslation('flow');
  const side = takerSide(offer.side);
  return (
    <Popup open onClose={onClose} variant="sheet" title={t(`take.title.${side}`, { name: offer.merchant })}>
      <TakeForm offer={offer} onClose={onClose} />
    </Popup>
  );
}

export function TakeForm({ offer, initial }: { offer: FlowOffer; onClose?: () => void; initial?: TakeDraft }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const rule = useRuleText();
  const navigate = useNavigate();
  const uid = useUid();
  const side = takerSide(offer.side);
  const [d, setD] = useState<TakeDraft>(initial ?? emptyTake(offer));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const available = usePlatformUsdt();
  const orders = useFlowOrders(uid, 'active');
  const check = checkTake(offer, d, { available: available ?? '0', openOrders: unpaidCount(orders.data?.rows) });
  const conv = takeConversion(offer.price, d);
  const summary = takeSummary(side, d, conv);
  const set = (patch: Partial<TakeDraft>) => {
    setD((x) => ({ ...x, ...patch }));
    setError('');
  };

  const opened = (o: FlowOrder, earlier: boolean) => {
    if (earlier) toast(t('take.earlier'), { kind: 'success' });
    navigate(flowOrderPath(o.id));
  };

  // A take of this offer whose reply never came (before a reload too): ask the orders whether it landed.
  useEffect(() => {
    let live = true;
    for (const p of pendingTakes(offer.id))
      void findTake(p)
        .then((o) => {
          if (o && live) opened(o, true);
        })
        .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.ok || busy) return;
    setBusy(true);
    setError('');
    const intent = takeIntent(offer.id, d.by, d.amount, clock.now());
    try {
      const o = await sendTake(
        { offerId: offer.id, by: d.by, amount: d.amount.trim(), method: d.method, payDetails: d.payDetails.trim() },
        intent,
      );
      opened(o, false);
    } catch (err) {
      if (outcomeUnknown(err)) {
        const p = parseTakeIntent(intent);
        const found = p ? await findTake(p).catch(() => undefined) : undefined;
        if (found) opened(found, true);
        else setError(t('take.lost'));
      } else {
        const msg = err instanceof Error ? err.message : String(err);
        setError(rule(ruleText(msg) ?? msg));
      }
    } finally {
      setBusy(false);
    }
  };

  const unit = d.by === 'fiat' ? offer.fiat : 'USDT';
  return (
    <form className="fl-form" data-testid="flow-take" onSubmit={submit}>
      <dl className="fl-facts">
        <dt>{t('col.price')}</dt>
        <dd data-testid="flow-take-price">
          {f.fiat(offer.price)} <span className="fl-unit">{offer.fiat}</span>
        </dd>
        <dt>{t('col.limits')}</dt>
        <dd>
          <span dir="ltr">
            {f.fiat(offer.minFiat)} – {f.fiat(offer.maxFiat)}
          </span>{' '}
          <span className="fl-unit">{offer.fiat}</span>
        </dd>
        <dt>{t('col.available')}</dt>
        <dd>
          {f.num(offer.available)} <span className="fl-unit">USDT</span>
        </dd>
        <dt>{t('col.window')}</dt>
        <dd>{t('minutes', { n: offer.payWindowMin })}</dd>
      </dl>

      <ChoiceGroup
        kind="radio"
        className="fl-seg"
        label={t('take.by')}
        options={['fiat', 'coin'] as const}
        isOn={(by) => d.by === by}
        onPick={(by) => set({ by, amount: '' })}
        buttonClass="fl-seg__btn"
        testId={(by) => `flow-take-by-${by}`}
      >
        {(by) => (by === 'fiat' ? t('take.byFiat', { fiat: offer.fiat }) : t('take.byCoin'))}
      </ChoiceGroup>
      <UnitField
        look="fl"
        label={t(amountLabel(side, d.by))}
        value={d.amount}
        onValue={(text) => set({ amount: text })}
        unit={unit}
        placeholder={`${f.fiat(offer.minFiat)} – ${f.fiat(offer.maxFiat)}`}
        testId="flow-take-amount"
      >
        <p className="fl-conversion" data-testid="flow-take-conversion" aria-live="polite">
          {summary.length
            ? summary.map((l) => (
                <span key={l.key} className="fl-conversion__line" data-testid={`flow-take-${l.money}`}>
                  {t(l.key, {
                    amount: l.money === 'fiat' ? f.fiat(l.amount) : f.num(l.amount),
                    unit: l.money === 'fiat' ? offer.fiat : 'USDT',
                  })}
                </span>
              ))
            : t('take.conversionHint')}
        </p>
      </UnitField>
      <label className="fl-field">
        {t('take.method')}
        <select
          value={d.method}
          onChange={(e) => set({ method: e.target.value as TakeDraft['method'] })}
          data-testid="flow-take-method"
        >
          {offer.methods.map((m) => (
            <option key={m} value={m}>
              {t(`method.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {side === 'sell' ? (
        <>
          <label className="fl-field">
            {t('take.payDetails')}
            <textarea
              value={d.payDetails}
              maxLength={300}
              onChange={(e) => set({ payDetails: e.target.value })}
              data-testid="flow-take-paydetails"
            />
          </label>
          <p className="fl-muted" data-testid="flow-take-balance">
            {t('take.balance', { amount: available === undefined ? '--' : f.num(available, 2) })}
          </p>
        </>
      ) : null}
      <p className="fl-note fl-note--warn" data-testid="flow-take-note">
        {t(`take.note.${side}`)}
      </p>
      <AlertText text={error} className="fl-error" testId="flow-take-error" />
      <button
        type="submit"
        className={`fl-btn fl-btn--block fl-btn--${side}`}
        disabled={!check.ok || busy}
        data-testid="flow-take-submit"
      >
        {!check.ok ? rule(check.rule) : busy ? t('sending') : t(`take.submit.${side}`)}
      </button>
    </form>
  );
}
