/**
 * /finance/subscribe/:id (FINUI-5..8): every term of the product disclosed before subscribing (rate, term, limits,
 * quota left, early-redemption rule, settlement in words, and the dates from the shared interestStart and
 * maturityOf), then the form: amount with Max, auto-renew where allowed, the interest to expect, the terms
 * checkbox, and a submit button that names the first failing rule of the shared checkSubscription. Sent once
 * through mutate(); a lost reply is resolved from the holdings list, never sent again under a new key.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { FinanceHolding, FinanceProduct } from '../../../../shared/schemas/finance';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { session } from '../../../state/session';
import { settings } from '../../../state/settings';
import { CoinIcon } from '../../../ui/CoinIcon';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { APP_PATHS } from '../../../ui/appPaths';
import { useServerOffset } from '../../../market/serverClock';
import { useAssetBalances } from '../../../money/balances';
import { availableOf } from '../../../money/transfer';
import { amount, utcDate } from '../components/format';
import {
  findSubscription,
  outcomeUnknown,
  pendingSubscriptions,
  sendSubscribe,
  subscribeIntent,
  useFinanceHoldings,
  useFinanceProduct,
  type PendingSubscription,
} from '../data';
import {
  aprPercent,
  cleanAmount,
  expectedFor,
  heldIn,
  maxSubscribable,
  productDates,
  quotaLeftPct,
  submitState,
} from '../model/finance';
import { FINANCE_PATHS, financeHref } from '../paths';
import '../components/finance.css';
import { textDir } from '../../../ui/bidi';
import { clock } from '../../../time/clock';
import { AlertText } from '../../../ui/AlertText';
import { Figure } from '../../../ui/Figure';
import { BusyButton } from '../../../forms/BusyButton';

export default function SubscribeScreen() {
  const { t } = useTranslation(['finance', 'common']);
  const desktop = useIsDesktop();
  const id = Number(useParams().id);
  const q = useFinanceProduct(id);
  const offset = useServerOffset();
  const now = clock.now() + (offset ?? 0);
  const valid = Number.isInteger(id) && id > 0;

  return (
    <div className="app-screen" data-testid="finance-subscribe-screen">
      <TopBar title={q.data?.name ?? t('common:title.subscribe')} back={FINANCE_PATHS.finance} />
      <div className={`app-layout${desktop ? ' app-layout--desktop fin-layout--desktop' : ''}`}>
        {valid ? (
          <DataState status={dataStatus(q)} error={q.error} onRetry={q.reload}>
            {q.data ? <ProductPage p={q.data} now={now} desktop={desktop} /> : null}
          </DataState>
        ) : (
          <EmptyState title={t('empty.noProduct')} />
        )}
      </div>
    </div>
  );
}

export function ProductPage({ p, now, desktop }: { p: FinanceProduct; now: number; desktop: boolean }) {
  const { t } = useTranslation('finance');
  const { userInfo } = useSnapshot(session);
  const uid = userInfo?.uid ?? '';
  const coin = p.coin.toUpperCase();
  const dates = productDates(p, now);
  const pct = quotaLeftPct(p);
  return (
    <div className={`fin-sub${desktop ? ' fin-sub--desktop' : ''}`}>
      <section className="card fin-panel-card" aria-labelledby="fin-terms-h" data-testid="finance-terms">
        <header className="fin-card__head">
          <CoinIcon coin={p.coin} size={32} />
          <h1 id="fin-terms-h" className="fin-card__name fin-card__name--lg" dir={textDir(p.name)}>
            {p.name}
          </h1>
          <span className={`fin-badge fin-badge--${p.kind}`}>{t(`kind.${p.kind}`)}</span>
        </header>
        <div className="fin-card__rate">
          <span className="fin-apr fin-apr--lg">{aprPercent(p.apr)}%</span>
          <span className="fin-muted">{t('product.apr')}</span>
        </div>
        <dl className="facts fin-lines">
          <Line k={t('product.term')}>
            {p.kind === 'fixed' ? t('product.days', { n: p.termDays }) : t('product.flexibleTerm')}
          </Line>
          <Line k={t('product.minPerUser')}>
            {amount(p.minAmount)} {coin}
          </Line>
          <Line k={t('product.maxPerUser')}>
            {amount(p.maxAmount)} {coin}
          </Line>
          <Line k={t('product.quotaLeft')}>
            {amount(p.remaining)} / {amount(p.quota)} {coin}
          </Line>
        </dl>
        <div className="fin-bar" role="progressbar" aria-label={t('product.quotaLeft')} aria-valuenow={pct}>
          <span style={{ width: `${pct}%` }} />
        </div>
        <dl className="facts fin-lines">
          <Line k={t('product.redeem')}>{t(`early.${p.earlyRedeem}`)}</Line>
          <Line k={t('product.settlement')}>{t(p.settlementType === 2 ? 'settlement.atEnd' : 'settlement.daily')}</Line>
        </dl>
        <p className="fin-rule" data-testid="finance-early-rule">
          {t(`earlyLong.${p.earlyRedeem}`)}
        </p>
        <h2 className="fin-h2">{t('dates.title')}</h2>
        <ol className="fin-timeline" data-testid="finance-dates">
          <li>
            <span>{t('dates.today')}</span>
            <span className="fin-num">{utcDate(dates.today)}</span>
          </li>
          <li>
            <span>{t('dates.interestFrom')}</span>
            <span className="fin-num" data-testid="finance-interest-from">
              {utcDate(dates.interestFrom)}
            </span>
          </li>
          <li>
            <span>{t('dates.firstPayout')}</span>
            <span className="fin-num" data-testid="finance-first-payout">
              {dates.firstPayout === null ? t('dates.atRedemption') : utcDate(dates.firstPayout)}
            </span>
          </li>
          <li>
            <span>{t('dates.maturity')}</span>
            <span className="fin-num" data-testid="finance-maturity">
              {dates.maturity === null ? t('dates.noMaturity') : utcDate(dates.maturity)}
            </span>
          </li>
        </ol>
        <p className="fin-note">{t('dates.utc')}</p>
      </section>
      <section className="card fin-panel-card" aria-labelledby="fin-form-h">
        <h2 id="fin-form-h" className="fin-h2">
          {t('form.title')}
        </h2>
        {uid === '' ? (
          <EmptyState
            compact
            title={t('signIn.subscribe')}
            action={
              <Link className="fbtn fbtn--primary" to={APP_PATHS.account.login}>
                {t('signIn.action')}
              </Link>
            }
          />
        ) : (
          <SubscribeForm p={p} uid={uid} now={now} />
        )}
      </section>
    </div>
  );
}

function Line({ k, children }: { k: string; children: React.ReactNode }) {
  return (
    <Figure label={k} className="fin-num">
      {children}
    </Figure>
  );
}

type Outcome =
  | { kind: 'form' }
  | { kind: 'checking'; pending: PendingSubscription }
  | { kind: 'lost'; pending: PendingSubscription }
  | { kind: 'done'; holding: FinanceHolding };

export function SubscribeForm({
  p,
  uid,
  now,
  initial = '',
}: {
  p: FinanceProduct;
  uid: string;
  now: number;
  /** A prefilled amount. */
  initial?: string;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const coin = p.coin.toUpperCase();
  const { config } = useSnapshot(settings);
  const balances = useAssetBalances();
  const holdings = useFinanceHoldings(uid, 'active');
  const available = availableOf(balances.data ?? [], 'platform', p.coin);
  const held = heldIn(holdings.data?.rows ?? [], p.id);
  const renewable = p.kind === 'fixed' && p.autoRenewAllowed;
  const [value, setValue] = useState(cleanAmount(initial));
  const [autoRenew, setAutoRenew] = useState<boolean>(renewable && config.MING_SETTLEMENT_SETTING.autoRenew);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const agreeId = useId();

  // A subscription whose reply never came (before a reload too): ask the holdings list what became of it.
  useEffect(() => {
    const [pending] = pendingSubscriptions(p.id);
    if (pending) void resolve(pending);
  }, [p.id]);

  const resolve = async (pending: PendingSubscription) => {
    setOutcome({ kind: 'checking', pending });
    const found = await findSubscription(pending).catch(() => undefined);
    setOutcome(found ? { kind: 'done', holding: found } : { kind: 'lost', pending });
  };

  const expected = useMemo(() => expectedFor(p, value), [p, value]);
  const loaded = balances.data !== undefined && holdings.data !== undefined;
  const state = submitState(p, value, { available, held, agreed, loaded });
  const label =
    state.key === 'form.submit' ? t('form.submit', { amount: amount(value.trim()), coin }) : t(state.key, state.values);
  const disabled = busy || !state.enabled;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    setBusy(true);
    setError('');
    const a = value.trim();
    const intent = subscribeIntent(p.id, a, autoRenew, now);
    try {
      const holding = await sendSubscribe(p.id, a, autoRenew, intent);
      setOutcome({ kind: 'done', holding });
    } catch (err) {
      if (outcomeUnknown(err)) await resolve({ intent, productId: p.id, amount: a, since: now });
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (outcome.kind === 'done') return <Receipt h={outcome.holding} />;
  if (outcome.kind !== 'form')
    return (
      <div className="fin-lost" role="status" data-testid="finance-lost">
        {outcome.kind === 'checking' ? (
          <p>{t('lost.checking')}</p>
        ) : (
          <>
            <p>{t('lost.notFound', { amount: amount(outcome.pending.amount), coin })}</p>
            <div className="fin-dialog__actions">
              <button type="button" className="fbtn fbtn--ghost" onClick={() => setOutcome({ kind: 'form' })}>
                {t('lost.back')}
              </button>
              <Link className="fbtn fbtn--ghost" to={financeHref('holdings')}>
                {t('receipt.toHoldings')}
              </Link>
              <button type="button" className="fbtn fbtn--primary" onClick={() => void resolve(outcome.pending)}>
                {t('lost.checkAgain')}
              </button>
            </div>
          </>
        )}
      </div>
    );

  return (
    <form className="fin-form" noValidate onSubmit={submit} data-testid="finance-form">
      <div className="field">
        <label className="field__label" htmlFor="fin-amount">
          {t('form.amount')}
        </label>
        <div className="field__control">
          <input
            id="fin-amount"
            className="field__input fin-num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('form.minPlaceholder', { min: amount(p.minAmount), coin })}
            value={value}
            onChange={(e) => setValue(cleanAmount(e.target.value))}
            data-testid="finance-amount"
          />
          <span className="fin-unit">{coin}</span>
          <button
            type="button"
            className="field__action"
            onClick={() => setValue(maxSubscribable(p, available, held))}
            data-testid="finance-max"
          >
            {t('form.max')}
          </button>
        </div>
        <p className="field__hint fin-num">
          {t('form.available', { amount: amount(available), coin })}
          {held !== '0' ? ` · ${t('form.held', { amount: amount(held), coin })}` : ''}
        </p>
      </div>
      {renewable ? (
        <label className="fin-switch">
          <input
            type="checkbox"
            role="switch"
            checked={autoRenew}
            onChange={(e) => setAutoRenew(e.target.checked)}
            data-testid="finance-form-autorenew"
          />
          <span>{t('form.autoRenew')}</span>
          <span className="fin-muted">{t('form.autoRenewHint')}</span>
        </label>
      ) : null}
      <dl className="fin-lines fin-expect" data-testid="finance-expected">
        {expected.term !== null ? (
          <Figure label={t('form.expectTerm', { n: p.termDays })} className="fin-num up">
            {amount(expected.term)} {coin}
          </Figure>
        ) : (
          <>
            <Figure label={t('form.expectDay')} className="fin-num up">
              {amount(expected.perDay ?? '0')} {coin}
            </Figure>
            <Figure label={t('form.expect30')} className="fin-num up">
              {amount(expected.per30 ?? '0')} {coin}
            </Figure>
          </>
        )}
      </dl>
      <p className="fin-note">{t('form.expectNote')}</p>
      <label className="fin-check" htmlFor={agreeId}>
        <input
          id={agreeId}
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="finance-agree"
        />
        <span>{t('form.agree')}</span>
      </label>
      <AlertText text={error} className="form__error" />
      <BusyButton
        type="submit"
        className="fbtn fbtn--primary fbtn--block"
        busy={busy}
        disabled={disabled}
        testId="finance-submit"
      >
        {label}
      </BusyButton>
    </form>
  );
}

function Receipt({ h }: { h: FinanceHolding }) {
  const { t } = useTranslation('finance');
  const coin = h.coin.toUpperCase();
  return (
    <div className="fin-receipt" role="status" data-testid="finance-receipt">
      <p className="fin-receipt__title">{t('receipt.title')}</p>
      <dl className="facts fin-lines">
        <Line k={t('col.product')}>
          <bdi dir={textDir(h.productName)}>{h.productName}</bdi>
        </Line>
        <Line k={t('col.principal')}>
          {amount(h.principal)} {coin}
        </Line>
        <Line k={t('dates.interestFrom')}>{utcDate(h.interestFrom)}</Line>
        <Line k={t('dates.maturity')}>{h.maturesAt === null ? t('dates.noMaturity') : utcDate(h.maturesAt)}</Line>
        {h.kind === 'fixed' ? (
          <Line k={t('form.autoRenew')}>{t(h.autoRenew ? 'receipt.on' : 'receipt.off')}</Line>
        ) : null}
      </dl>
      <Link className="fbtn fbtn--primary fbtn--block" to={financeHref('holdings')} data-testid="finance-to-holdings">
        {t('receipt.toHoldings')}
      </Link>
    </div>
  );
}
