/**
 * A merchant's offer form (FLOWUI-5): the merchant's side (sell USDT / buy USDT), the fiat and the price, the USDT
 * amount, the per-order limits in fiat, the payment methods and window, and the terms. The button names the first
 * rule the offer breaks (the shared `checkFlowOffer`, which the server runs too). A sell offer holds its USDT. One
 * Idempotency-Key per offer, kept across reloads; a lost reply is answered by asking for the caller's offers.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_FIATS, FLOW_PAY_METHODS, type FlowFiat, type FlowSide } from '../../../../shared/schemas/flow';
import { FLOW_PAY_WINDOWS } from '../../../../shared/rewards/flowRules';
import { toast } from '../../../state/toast';
import { findOffer, offerIntent, outcomeUnknown, pendingOfferIntents, sendOffer } from '../data';
import { checkOffer, EMPTY_OFFER, offerBodyOf, ruleText, type OfferDraft } from '../model/flow';
import { useFmt, useRuleText } from './cells';
import { usePlatformUsdt } from './TakeDialog';
import { clock } from '../../../time/clock';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { AlertText } from '../../../ui/AlertText';
import { UnitField } from '../../../forms/UnitField';

export function OfferForm({ initial }: { initial?: OfferDraft }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const rule = useRuleText();
  const [d, setD] = useState<OfferDraft>(initial ?? EMPTY_OFFER);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const available = usePlatformUsdt();
  const failing = checkOffer(d, available ?? '0');
  const set = (patch: Partial<OfferDraft>) => {
    setD((x) => ({ ...x, ...patch }));
    setError('');
  };

  // Offers posted whose reply never came (before a reload too): ask the caller's offers whether they landed.
  useEffect(() => {
    for (const intent of pendingOfferIntents())
      void findOffer(intent)
        .then((o) => {
          if (o) toast(t('offerForm.earlier'), { kind: 'success' });
        })
        .catch(() => undefined);
  }, [t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (failing !== null || busy) return;
    setBusy(true);
    setError('');
    const body = offerBodyOf(d);
    const intent = offerIntent(body, clock.now());
    try {
      await sendOffer(body, intent);
      toast(t('offerForm.posted'), { kind: 'success' });
      setD(EMPTY_OFFER);
    } catch (err) {
      if (outcomeUnknown(err)) {
        const found = await findOffer(intent).catch(() => undefined);
        if (found) {
          toast(t('offerForm.posted'), { kind: 'success' });
          setD(EMPTY_OFFER);
        } else setError(t('offerForm.lost'));
      } else {
        const msg = err instanceof Error ? err.message : String(err);
        setError(rule(ruleText(msg) ?? msg));
      }
    } finally {
      setBusy(false);
    }
  };

  const num = (name: 'price' | 'amount' | 'minFiat' | 'maxFiat', unit: string) => (
    <UnitField
      look="fl"
      label={t(`offerForm.${name}`)}
      value={d[name]}
      onValue={(text) => set({ [name]: text })}
      unit={unit}
      testId={`flow-offer-${name}`}
    />
  );

  return (
    <form className="fl-form" data-testid="flow-offer-form" onSubmit={submit}>
      <ChoiceGroup
        kind="radio"
        className="fl-seg"
        label={t('offerForm.side')}
        options={['sell', 'buy'] as FlowSide[]}
        isOn={(s) => d.side === s}
        onPick={(s) => set({ side: s })}
        buttonClass={(s) => `fl-seg__btn fl-seg__btn--${s}`}
        testId={(s) => `flow-offer-side-${s}`}
      >
        {(s) => t(`offerForm.sideOf.${s}`)}
      </ChoiceGroup>
      <div className="fl-form__row">
        <label className="fl-field">
          {t('filter.fiat')}
          <select
            value={d.fiat}
            onChange={(e) => set({ fiat: e.target.value as FlowFiat })}
            data-testid="flow-offer-fiat"
          >
            {FLOW_FIATS.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        {num('price', `${d.fiat}/USDT`)}
        {num('amount', 'USDT')}
      </div>
      <div className="fl-form__row">
        {num('minFiat', d.fiat)}
        {num('maxFiat', d.fiat)}
        <label className="fl-field">
          {t('col.window')}
          <select
            value={d.payWindowMin}
            onChange={(e) => set({ payWindowMin: Number(e.target.value) })}
            data-testid="flow-offer-window"
          >
            {FLOW_PAY_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {t('minutes', { n: w })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="fl-checks" style={{ border: 0, margin: 0, padding: 0 }}>
        <legend className="fl-muted">{t('col.methods')}</legend>
        {FLOW_PAY_METHODS.map((m) => (
          <label key={m}>
            <input
              type="checkbox"
              checked={d.methods.includes(m)}
              onChange={(e) =>
                set({ methods: e.target.checked ? [...d.methods, m] : d.methods.filter((x) => x !== m) })
              }
              data-testid={`flow-offer-method-${m}`}
            />
            {t(`method.${m}`)}
          </label>
        ))}
      </fieldset>
      <label className="fl-field">
        {t('offerForm.terms')}
        <textarea value={d.terms} maxLength={500} onChange={(e) => set({ terms: e.target.value })} />
      </label>
      {d.side === 'sell' ? (
        <p className="fl-muted" data-testid="flow-offer-balance">
          {t('offerForm.holds', { amount: available === undefined ? '--' : f.num(available, 2) })}
        </p>
      ) : null}
      <AlertText text={error} className="fl-error" testId="flow-offer-error" />
      <button
        type="submit"
        className="fl-btn fl-btn--block"
        disabled={failing !== null || busy}
        data-testid="flow-offer-submit"
      >
        {failing !== null ? rule(failing) : busy ? t('sending') : t('offerForm.submit')}
      </button>
    </form>
  );
}
