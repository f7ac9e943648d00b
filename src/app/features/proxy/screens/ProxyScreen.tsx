/**
 * `/proxy` (PROXY-10..12, PROXY-14): the agent programme explained before anyone agrees (the rate, an example by
 * `proxyCommission`, who pays), then the caller's part: become an agent (the code and a copy button) or link an
 * agent's code (a confirmation that says it cannot be changed), their totals, the programme's live figures and the
 * links to the records and the earnings. Signed out: the explanation and a log-in button.
 */
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Decimal } from '../../../../shared/decimal';
import { proxyCommission } from '../../../../shared/earn/proxyRules';
import { ProxyLinkBody, type ProxyInfo } from '../../../../shared/schemas/proxy';
import { ApiError } from '../../../api/client';
import { formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { session } from '../../../state/session';
import { SIGN_IN_PATH } from '../../../ui/appPaths';
import { DataState, dataStatus } from '../../../ui/DataState';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { applyAgent, linkAgent, useProxyInfo } from '../data';
import { PROXY_PATHS } from '../paths';
import '../../../ui/programme.css';
import { AlertText } from '../../../ui/AlertText';

/** The rate as a percentage ("0.1" -> "10"). */
export function ratePercent(rate: string): string {
  return new Decimal(rate).times(100).toFixed();
}

const EXAMPLE_INTEREST = '100';

function Terms({ rate }: { rate: string | undefined }) {
  const { t } = useTranslation('proxy');
  const pct = rate ? ratePercent(rate) : '';
  const example = rate ? proxyCommission(EXAMPLE_INTEREST, rate, 'USDT') : '';
  return (
    <section className="card prog-card proxy-terms" aria-labelledby="proxy-terms-title" data-testid="proxy-terms">
      <h2 id="proxy-terms-title">{t('terms.title')}</h2>
      <p>{t('terms.what')}</p>
      <ol className="proxy-steps">
        <li>{t('terms.step1')}</li>
        <li>{t('terms.step2')}</li>
        <li>{rate ? t('terms.step3', { rate: pct }) : t('terms.step3NoRate')}</li>
      </ol>
      <p className="proxy-terms__who">
        <strong>{t('terms.whoPays')}</strong>
      </p>
      {rate ? (
        <p className="proxy-terms__example" data-testid="proxy-example">
          {t('terms.example', { interest: formatDecimal(EXAMPLE_INTEREST), commission: formatDecimal(example) })}
        </p>
      ) : null}
      <p className="proxy-muted">{t('terms.once')}</p>
    </section>
  );
}

function Figure({ label, value, unit, testId }: { label: string; value: string; unit?: string; testId?: string }) {
  return (
    <div className="prog-figure">
      <dt>{label}</dt>
      <dd className="proxy-num" data-testid={testId}>
        {value}
        {unit ? <span className="proxy-unit"> {unit}</span> : null}
      </dd>
    </div>
  );
}

function AgentPart({ info }: { info: ProxyInfo }) {
  const { t } = useTranslation('proxy');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const become = async () => {
    setBusy(true);
    setError('');
    try {
      await applyAgent();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!info.code) return;
    try {
      await navigator.clipboard.writeText(info.code);
      toast(t('agent.copied'), { kind: 'success' });
    } catch {
      toast(t('agent.copyFailed'), { kind: 'error' });
    }
  };
  return (
    <section className="card prog-card" aria-labelledby="proxy-agent-title" data-testid="proxy-agent">
      <h2 id="proxy-agent-title">{info.isAgent ? t('agent.yourCode') : t('agent.title')}</h2>
      {info.isAgent && info.code ? (
        <>
          <div className="proxy-code">
            <code data-testid="proxy-code">{info.code}</code>
            <button type="button" className="prog-btn prog-btn--ghost" onClick={() => void copy()}>
              {t('agent.copy')}
            </button>
          </div>
          <p className="proxy-muted">{t('agent.share')}</p>
          <dl className="prog-figures">
            <Figure label={t('agent.customers')} value={String(info.customers)} testId="proxy-customers" />
            <Figure
              label={t('agent.principal')}
              value={formatDecimal(info.customerPrincipal)}
              unit="USDT"
              testId="proxy-principal"
            />
            <Figure label={t('agent.earned')} value={formatDecimal(info.earned)} unit="USDT" testId="proxy-earned" />
          </dl>
          <nav className="proxy-links">
            <Link to={PROXY_PATHS.proxyRecords}>{t('links.records')}</Link>
            <Link to={PROXY_PATHS.proxyEarnings}>{t('links.earnings')}</Link>
          </nav>
        </>
      ) : (
        <>
          <p>{t('agent.become')}</p>
          <button
            type="button"
            className="prog-btn"
            disabled={busy}
            onClick={() => void become()}
            data-testid="proxy-apply"
          >
            {t('agent.apply')}
          </button>
          <AlertText text={error} className="proxy-error" />
        </>
      )}
    </section>
  );
}

/** PROXY-11: the confirmation's question (it says the link cannot be changed) and its two choices. */
export function ConfirmLinkBody(p: {
  id: string;
  code: string;
  busy: boolean;
  cancelRef?: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('proxy');
  return (
    <>
      <p id={p.id} data-testid="proxy-confirm-text">
        {t('link.confirmText', { code: p.code.trim().toUpperCase() })}
      </p>
      <div className="proxy-actions">
        <button ref={p.cancelRef} type="button" className="prog-btn prog-btn--ghost" onClick={p.onCancel}>
          {t('link.cancel')}
        </button>
        <button type="button" className="prog-btn" disabled={p.busy} onClick={p.onConfirm} data-testid="proxy-confirm">
          {t('link.confirm')}
        </button>
      </div>
    </>
  );
}

export function LinkPart({ info }: { info: ProxyInfo }) {
  const { t } = useTranslation('proxy');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (info.linkedCode)
    return (
      <section className="card prog-card" data-testid="proxy-linked">
        <h2>{t('link.title')}</h2>
        <p>{t('link.linked')}</p>
        <div className="proxy-code">
          <code>{info.linkedCode}</code>
        </div>
        <p className="proxy-muted">{t('link.permanent')}</p>
      </section>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProxyLinkBody.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('link.invalid'));
      return;
    }
    if (info.code && parsed.data.code.toUpperCase() === info.code) {
      setError(t('link.own'));
      return;
    }
    setError('');
    setConfirming(true);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await linkAgent(code.trim());
      setConfirming(false);
      toast(t('link.done'), { kind: 'success' });
    } catch (err) {
      setConfirming(false);
      setError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card prog-card" aria-labelledby={`${id}-t`} data-testid="proxy-link">
      <h2 id={`${id}-t`}>{t('link.title')}</h2>
      <p>{t('link.explain')}</p>
      <form className="proxy-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-code`}>{t('link.code')}</label>
        <div className="proxy-form__row">
          <input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={16}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            data-testid="proxy-link-input"
          />
          <button type="submit" className="prog-btn" data-testid="proxy-link-submit">
            {t('link.submit')}
          </button>
        </div>
        <AlertText text={error} className="proxy-error" id={`${id}-err`} />
      </form>
      <Popup
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('link.confirmTitle')}
        initialFocus={cancelRef}
        describedBy={`${id}-q`}
      >
        <ConfirmLinkBody
          id={`${id}-q`}
          code={code}
          busy={busy}
          cancelRef={cancelRef}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirm()}
        />
      </Popup>
    </section>
  );
}

export function ProgrammeFigures({ info }: { info: ProxyInfo }) {
  const { t } = useTranslation('proxy');
  return (
    <section className="card prog-card" data-testid="proxy-programme">
      <h2>{t('programme.title')}</h2>
      <dl className="prog-figures">
        <Figure
          label={t('programme.totalOutput')}
          value={formatDecimal(info.totalOutput)}
          unit="USDT"
          testId="proxy-total-output"
        />
        <Figure label={t('programme.userBenefits')} value={formatDecimal(info.userBenefits)} unit="USDT" />
        <Figure label={t('programme.participant')} value={String(info.participant)} />
        <Figure label={t('programme.validNode')} value={String(info.validNode)} />
        <Figure label={t('programme.approveNumber')} value={String(info.approveNumber)} />
      </dl>
      <p className="proxy-muted">{t('programme.live')}</p>
    </section>
  );
}

export default function ProxyScreen() {
  const { t } = useTranslation(['proxy', 'common']);
  const { isSign } = useSnapshot(session);
  const info = useProxyInfo(isSign);
  return (
    <div className="app-screen" data-testid="proxy-screen">
      <TopBar title={t('common:title.proxy')} back />
      <div className="app-layout prog-layout">
        <p className="prog-lead">{t('proxy:lead')}</p>
        <Terms rate={info.data?.commissionRate} />
        {!isSign ? (
          <section className="card prog-card" data-testid="proxy-signed-out">
            <p>{t('proxy:signedOut')}</p>
            <Link className="prog-btn" to={SIGN_IN_PATH}>
              {t('proxy:logIn')}
            </Link>
          </section>
        ) : (
          <DataState status={dataStatus(info)} error={info.error} onRetry={info.reload}>
            {info.data ? (
              <div className="proxy-grid">
                <AgentPart info={info.data} />
                <LinkPart info={info.data} />
                <ProgrammeFigures info={info.data} />
              </div>
            ) : null}
          </DataState>
        )}
      </div>
    </div>
  );
}
