/**
 * `/floworder/apply` (FLOWUI-7): the merchant programme. What it asks (a security deposit of FLOW_MERCHANT_DEPOSIT
 * USDT held from the platform account while a merchant, FLOW-2), what a merchant does, and the form: the name
 * customers see and how buyers pay. The button names the first thing missing (the shared FlowApplyBody's words,
 * or the deposit). Already a merchant: their standing and a link to their offers. One Idempotency-Key for
 * applying, kept across reloads; a lost reply is answered by asking for the standing (FLOWUI-6).
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../../shared/decimal';
import { FLOW_MERCHANT_DEPOSIT } from '../../../../shared/rewards/flowRules';
import { FlowApplyBody, type FlowMerchant } from '../../../../shared/schemas/flow';
import { TopBar } from '../../../ui/TopBar';
import { DataState, dataStatus } from '../../../ui/DataState';
import { toast } from '../../../state/toast';
import { useFmt } from '../components/cells';
import { usePlatformUsdt } from '../components/TakeDialog';
import { applyLanded, outcomeUnknown, sendApply, useFlowMerchant, useUid } from '../data';
import { FLOW_PATHS } from '../paths';
import '../components/flow.css';
import { AlertText } from '../../../ui/AlertText';

/** The first thing the application misses, as an i18n key, or null. */
export function applyRule(name: string, payDetails: string, available: string, required: string): string | null {
  const r = FlowApplyBody.safeParse({ name, payDetails });
  if (!r.success) {
    const path = r.error.issues[0]?.path[0];
    if (path === 'name') return name.trim().length < 2 ? 'apply.rule.nameShort' : 'apply.rule.nameLong';
    return payDetails.trim().length < 4 ? 'apply.rule.details' : 'apply.rule.detailsLong';
  }
  if (new Decimal(available).lt(required)) return 'apply.rule.deposit';
  return null;
}

function Standing({ m }: { m: FlowMerchant }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  return (
    <section className="card fl-card" data-testid="flow-merchant">
      <div className="fl-toolbar">
        <h2>{m.name}</h2>
        <span className={`fl-state ${m.state === 'active' ? 'tone-up' : 'tone-down'}`}>
          {t(`apply.state.${m.state}`)}
        </span>
      </div>
      <dl className="fl-facts">
        <dt>{t('apply.held')}</dt>
        <dd data-testid="flow-merchant-deposit">
          {f.num(m.deposit, 2)} <span className="fl-unit">USDT</span>
        </dd>
        <dt>{t('apply.completed')}</dt>
        <dd>{m.completed}</dd>
        <dt>{t('apply.rate')}</dt>
        <dd>{f.num(m.rate)}%</dd>
      </dl>
      <h3>{t('apply.payDetails')}</h3>
      <pre className="fl-paydetails">{m.payDetails ?? '--'}</pre>
      {m.state === 'suspended' ? <p className="fl-note fl-note--warn">{t('apply.suspended')}</p> : null}
      <Link className="fl-btn" to={`${FLOW_PATHS.floworderMine}?tab=offers`} data-testid="flow-merchant-offers">
        {t('apply.toOffers')}
      </Link>
    </section>
  );
}

function ApplyForm({ required }: { required: string }) {
  const { t } = useTranslation('flow');
  const f = useFmt();
  const [name, setName] = useState('');
  const [payDetails, setPayDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const available = usePlatformUsdt();
  const rule = applyRule(name, payDetails, available ?? '0', required);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rule || busy) return;
    setBusy(true);
    setError('');
    try {
      await sendApply({ name: name.trim(), payDetails: payDetails.trim() });
      toast(t('apply.done'), { kind: 'success' });
    } catch (err) {
      if (outcomeUnknown(err)) {
        if (!(await applyLanded().catch(() => false))) setError(t('apply.lost'));
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card fl-card">
      <h2>{t('apply.formTitle')}</h2>
      <form className="fl-form" data-testid="flow-apply-form" onSubmit={submit}>
        <label className="fl-field">
          {t('apply.name')}
          <input
            value={name}
            maxLength={24}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            data-testid="flow-apply-name"
          />
        </label>
        <label className="fl-field">
          {t('apply.payDetails')}
          <textarea
            value={payDetails}
            maxLength={300}
            placeholder={t('apply.payDetailsHint')}
            onChange={(e) => setPayDetails(e.target.value)}
            data-testid="flow-apply-details"
          />
        </label>
        <p className="fl-muted" data-testid="flow-apply-balance">
          {t('apply.balance', { amount: available === undefined ? '--' : f.num(available, 2) })}
        </p>
        <AlertText text={error} className="fl-error" testId="flow-apply-error" />
        <button
          type="submit"
          className="fl-btn fl-btn--block"
          disabled={rule !== null || busy}
          data-testid="flow-apply-submit"
        >
          {rule
            ? t(rule, { amount: f.num(required) })
            : busy
              ? t('sending')
              : t('apply.submit', { amount: f.num(required) })}
        </button>
      </form>
    </section>
  );
}

export default function FlowApplyScreen() {
  const { t } = useTranslation(['flow', 'common']);
  const f = useFmt();
  const uid = useUid();
  const m = useFlowMerchant(uid);
  const required = m.data?.requiredDeposit ?? FLOW_MERCHANT_DEPOSIT;
  return (
    <div className="app-screen" data-testid="flow-apply">
      <TopBar title={t('common:title.floworderApply')} back={FLOW_PATHS.floworder} />
      <div className="app-layout fl-layout">
        <div className="fl-grid">
          <section className="card fl-card" data-testid="flow-apply-terms">
            <h2>{t('flow:apply.title')}</h2>
            <p className="fl-muted">{t('flow:apply.what')}</p>
            <ul className="fl-muted" style={{ margin: 0, paddingInlineStart: 'var(--space-5)', lineHeight: 1.6 }}>
              <li>{t('flow:apply.req.deposit', { amount: f.num(required) })}</li>
              <li>{t('flow:apply.req.offers')}</li>
              <li>{t('flow:apply.req.release')}</li>
              <li>{t('flow:apply.req.outside')}</li>
            </ul>
          </section>
          <DataState status={dataStatus(m)} error={m.error} onRetry={m.reload}>
            {m.data ? m.data.state === 'none' ? <ApplyForm required={required} /> : <Standing m={m.data} /> : null}
          </DataState>
        </div>
      </div>
    </div>
  );
}
