/**
 * /withdraw (WDR-16): coin, network, address (saved ones of withdrawAddress, or a new one checked with the
 * network's format), amount with Max (WDR-7), the channel's rules, the fee, the amount received and the total
 * debited as the user types, trade password and code when required. The shared rules run before sending and
 * nothing they refuse is sent; the server's refusals show inline. One submission per intent (mutate); a reply
 * that never came, or a reload with the intent unanswered, is answered by asking for the status of its key.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../../shared/api/user';
import type { Withdrawal, WithdrawChannel } from '../../../../shared/schemas/withdraw';
import type { WithdrawProblem } from '../../../../shared/wallet/withdrawRules';
import { ApiError, call } from '../../../api/client';
import { useDevCodeHint } from '../../dev/components/DevCodeHint';
import { SendCodeButton } from '../../../forms/SendCodeButton';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../layout/TopBar';
import { useIsDesktop } from '../../../layout/useIsDesktop';
import { session } from '../../../session/store';
import { toast } from '../../../ui/toast';
import { CoinIcon } from '../../../ui/CoinIcon';
import { sanitizeAmountInput } from '../model/transfer';
import { addressOk, quoteFor, withdrawCoins } from '../model/withdrawForm';
import { WALLET_PATHS } from '../paths';
import {
  hasPendingWithdrawal,
  resolvePendingWithdrawal,
  submitWithdrawal,
  useSavedAddresses,
  useWithdrawChannels,
  useWithdrawList,
} from '../withdraw';
import '../../../forms/forms.css';
import '../components/wallet.css';
import '../components/withdraw.css';

export default function WithdrawScreen() {
  const { t } = useTranslation('wallet');
  const desktop = useIsDesktop();
  const channels = useWithdrawChannels();
  const [outcome, setOutcome] = useState<Withdrawal | null>(null);
  const [checking, setChecking] = useState(hasPendingWithdrawal);
  const [unconfirmed, setUnconfirmed] = useState(false);

  // After a reload with an unanswered submission: ask for its outcome, never send it again.
  useEffect(() => {
    if (!hasPendingWithdrawal()) return;
    let live = true;
    resolvePendingWithdrawal()
      .then((w) => {
        if (!live) return;
        if (w) setOutcome(w);
        else setUnconfirmed(true);
      })
      .catch(() => live && setUnconfirmed(true))
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, []);

  let body;
  if (checking)
    body = (
      <p className="wallet-state" aria-busy="true" data-testid="withdraw-checking">
        {t('withdraw.checking')}
      </p>
    );
  else if (outcome) body = <Outcome w={outcome} onAgain={() => setOutcome(null)} />;
  else if (channels.status === 'error' && !channels.data)
    body = (
      <div className="wallet-state" role="alert">
        <p className="wallet-state__title">{t('withdraw.error')}</p>
        {channels.error ? <p className="wallet-state__detail">{channels.error}</p> : null}
        <button type="button" className="fbtn fbtn--secondary" onClick={channels.reload}>
          {t('withdraw.retry')}
        </button>
      </div>
    );
  else if (!channels.data)
    body = (
      <p className="wallet-state" aria-busy="true">
        {t('withdraw.loading')}
      </p>
    );
  else if (channels.data.length === 0) body = <p className="wallet-state">{t('withdraw.empty')}</p>;
  else
    body = (
      <>
        {unconfirmed ? (
          <p className="wd-note" role="status">
            {t('withdraw.unconfirmed')}
          </p>
        ) : null}
        <WithdrawForm channels={channels.data} onDone={setOutcome} onUnconfirmed={() => setUnconfirmed(true)} />
      </>
    );

  return (
    <div className="wallet-screen wd-screen" data-testid="withdraw-screen">
      <TopBar
        title={t('withdraw.title')}
        back={WALLET_PATHS.wallet}
        right={
          <Link to={WALLET_PATHS.withdrawDeposit} className="wd-topbar-link">
            {t('withdraw.records')}
          </Link>
        }
      />
      <div className={desktop ? 'wd-layout wd-layout--desktop' : 'wd-layout'}>
        <section className="wd-main" aria-label={t('withdraw.title')}>
          {body}
        </section>
        {desktop ? (
          <aside className="wd-side">
            <RecentWithdrawals />
          </aside>
        ) : null}
      </div>
    </div>
  );
}

function Outcome({ w, onAgain }: { w: Withdrawal; onAgain: () => void }) {
  const { t } = useTranslation('wallet');
  // The live status: the list is fetched again on every status change of the private socket.
  const list = useWithdrawList(10);
  const now = list.data?.rows.find((r) => r.id === w.id) ?? w;
  return (
    <div className="wd-outcome" data-testid="withdraw-outcome">
      <p className="wd-outcome__title">{t('withdraw.submitted')}</p>
      <p className="wd-outcome__amount">
        <CoinIcon coin={now.coin} size={24} /> {formatDecimal(now.amount)} {now.coin}
      </p>
      <span className={`wd-badge wd-badge--${now.status}`} data-testid="withdraw-outcome-status">
        {t(`withdraw.status.${now.status}`)}
      </span>
      <dl className="wd-summary">
        <div>
          <dt>{t('withdraw.network')}</dt>
          <dd>{now.type}</dd>
        </div>
        <div>
          <dt>{t('withdraw.address')}</dt>
          <dd className="wd-mono">{now.address}</dd>
        </div>
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd>
            {formatDecimal(now.fee)} {now.coin}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.total')}</dt>
          <dd>
            {formatDecimal(now.total)} {now.coin}
          </dd>
        </div>
      </dl>
      <div className="wd-outcome__actions">
        <button type="button" className="fbtn fbtn--primary" onClick={onAgain}>
          {t('withdraw.another')}
        </button>
        <Link className="fbtn fbtn--secondary" to={WALLET_PATHS.withdrawDeposit}>
          {t('withdraw.viewRecords')}
        </Link>
      </div>
    </div>
  );
}

function RecentWithdrawals() {
  const { t } = useTranslation('wallet');
  const list = useWithdrawList(8);
  return (
    <div className="wd-card">
      <h2 className="wd-card__title">{t('withdraw.recent')}</h2>
      {!list.data ? (
        <p className="wallet-state__detail">{list.status === 'error' ? list.error : t('state.loading')}</p>
      ) : list.data.rows.length === 0 ? (
        <p className="wallet-state__detail">{t('withdraw.none')}</p>
      ) : (
        <ul className="wd-recent">
          {list.data.rows.map((r) => (
            <li key={r.id} className="wd-recent__row">
              <span className="wd-recent__amount">
                {formatDecimal(r.amount)} {r.coin}
              </span>
              <span className={`wd-badge wd-badge--${r.status}`}>{t(`withdraw.status.${r.status}`)}</span>
              <span className="wd-recent__time">{formatDateTime(r.createTime)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WithdrawForm({
  channels,
  onDone,
  onUnconfirmed,
}: {
  channels: WithdrawChannel[];
  onDone: (w: Withdrawal) => void;
  onUnconfirmed: () => void;
}) {
  const { t } = useTranslation('wallet');
  const coins = useMemo(() => withdrawCoins(channels), [channels]);
  const [coin, setCoin] = useState(coins[0]);
  const networks = channels.filter((c) => c.coin === coin);
  const [type, setType] = useState(networks[0]?.type ?? '');
  const ch = networks.find((c) => c.type === type) ?? networks[0];
  const saved = useSavedAddresses();
  const savedHere = (saved.data ?? []).filter((a) => a.type === ch?.type);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [pwd, setPwd] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [codeSendError, setCodeSendError] = useState('');
  const user = useSnapshot(session).userInfo;
  const codeHint = useDevCodeHint();
  if (!ch) return null;

  // The code (type `withdraw`) goes to the bound email, else the bound phone: where the server checks it (WDR-12).
  const sendCode = async (): Promise<boolean> => {
    setCodeSendError('');
    try {
      if (user?.email)
        await call(userApi.sendEmailCode, { query: { codeType: 'withdraw', email: user.email }, silent: true });
      else if (user?.phone)
        await call(userApi.sendMobileCode, { query: { codeType: 'withdraw', phone: user.phone }, silent: true });
      else {
        setCodeSendError(t('withdraw.codeNoContact'));
        return false;
      }
      toast(t('withdraw.codeSent'), { kind: 'success' });
      return true;
    } catch (err) {
      setCodeSendError(err instanceof Error ? err.message : String(err));
      return false;
    }
  };

  const quote = quoteFor(ch, amount, Date.now());
  const addressValid = addressOk(ch, address) !== undefined;
  const problem: WithdrawProblem | undefined = quote.problems[0];
  const problemText = (p: WithdrawProblem): string => {
    switch (p.rule) {
      case 'closed':
        return t('withdraw.err.closed');
      case 'amount':
        if (p.reason === 'precision') return t('withdraw.err.precision', { coin: ch.coin, n: p.precision });
        return t(`withdraw.err.${p.reason}`);
      case 'min':
        return t('withdraw.err.min', { min: formatDecimal(p.min), coin: ch.coin });
      case 'max':
        return t('withdraw.err.max', { max: formatDecimal(p.max), coin: ch.coin });
      case 'dailyCount':
        return t('withdraw.err.dailyCount', { n: p.limit });
      case 'window':
        return t('withdraw.err.window', { start: p.start, end: p.end });
      case 'balance':
        return t('withdraw.err.balance', { needed: formatDecimal(p.needed), coin: ch.coin });
    }
  };
  const amountError = amount !== '' || touched ? (problem ? problemText(problem) : '') : '';
  const addressError =
    (address !== '' || touched) && !addressValid ? t('withdraw.err.address', { network: ch.type }) : '';
  const pwdError = touched && ch.checkPass && !/^\d{6}$/.test(pwd) ? t('withdraw.err.pwd') : '';
  const codeError = touched && ch.checkCode && code.trim() === '' ? t('withdraw.err.code') : '';

  const pickCoin = (c: string) => {
    setCoin(c);
    setType(channels.find((x) => x.coin === c)?.type ?? '');
    setAmount('');
    setAddress('');
    setServerError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched(true);
    setServerError('');
    if (problem || !addressValid || (ch.checkPass && !/^\d{6}$/.test(pwd)) || (ch.checkCode && !code.trim())) return;
    setBusy(true);
    try {
      const w = await submitWithdrawal({
        coin: ch.coin,
        type: ch.type,
        address: addressOk(ch, address)!,
        amount: quote.receive,
        ...(ch.checkPass ? { pwd } : {}),
        ...(ch.checkCode ? { code: code.trim() } : {}),
      });
      onDone(w);
    } catch (err) {
      if (err instanceof ApiError && ['timeout', 'network', 'aborted'].includes(err.kind)) onUnconfirmed();
      setServerError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const unit = ch.coin;
  return (
    <form className="form wd-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      {!quote.inWindow ? (
        <p className="wd-note" role="status" data-testid="withdraw-window-closed">
          {t('withdraw.err.window', { start: ch.limitTimeStart, end: ch.limitTimeEnd })}
        </p>
      ) : null}
      <div className="field">
        <span className="field__label">{t('withdraw.coin')}</span>
        <div className="wd-chips" role="radiogroup" aria-label={t('withdraw.coin')}>
          {coins.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={c === coin}
              className={c === coin ? 'wd-chip wd-chip--on' : 'wd-chip'}
              onClick={() => pickCoin(c)}
              data-testid={`withdraw-coin-${c}`}
            >
              <CoinIcon coin={c} size={18} /> {c}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <span className="field__label">{t('withdraw.network')}</span>
        <div className="wd-chips" role="radiogroup" aria-label={t('withdraw.network')}>
          {networks.map((n) => (
            <button
              key={n.type}
              type="button"
              role="radio"
              aria-checked={n.type === ch.type}
              className={n.type === ch.type ? 'wd-chip wd-chip--on' : 'wd-chip'}
              onClick={() => {
                setType(n.type);
                setAddress('');
                setServerError('');
              }}
              data-testid={`withdraw-network-${n.type}`}
            >
              {n.type}
            </button>
          ))}
        </div>
      </div>

      <dl className="wd-rules" data-testid="withdraw-rules" aria-label={t('withdraw.rules')}>
        <div>
          <dt>{t('withdraw.min')}</dt>
          <dd>
            {formatDecimal(ch.min)} {unit}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.maxRule')}</dt>
          <dd>
            {formatDecimal(ch.max)} {unit}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.feeRule')}</dt>
          <dd>{t('withdraw.feeValue', { fee: formatDecimal(ch.fee), coin: unit, ratio: formatDecimal(ch.ratio) })}</dd>
        </div>
        <div>
          <dt>{t('withdraw.freeLeft')}</dt>
          <dd>{ch.freeLeft}</dd>
        </div>
        <div>
          <dt>{t('withdraw.countLeft')}</dt>
          <dd>{ch.countLeft}</dd>
        </div>
        <div>
          <dt>{t('withdraw.window')}</dt>
          <dd>
            {ch.limitTime
              ? t('withdraw.windowValue', { start: ch.limitTimeStart, end: ch.limitTimeEnd, tz: ch.timeZone })
              : t('withdraw.anyTime')}
          </dd>
        </div>
      </dl>

      <label className={addressError ? 'field field--invalid' : 'field'}>
        <span className="field__label">{t('withdraw.address')}</span>
        <span className="field__control">
          <input
            className="field__input wd-mono"
            value={address}
            onChange={(e) => {
              setAddress(e.currentTarget.value);
              setServerError('');
            }}
            placeholder={t('withdraw.addressPlaceholder', { network: ch.type })}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={addressError ? true : undefined}
            data-testid="withdraw-address"
          />
        </span>
        {addressError ? <span className="field__error">{addressError}</span> : null}
      </label>
      {savedHere.length > 0 ? (
        <label className="field">
          <span className="field__label">{t('withdraw.saved')}</span>
          <span className="field__control">
            <select
              className="field__select"
              value=""
              onChange={(e) => setAddress(e.currentTarget.value)}
              data-testid="withdraw-saved"
            >
              <option value="">{t('withdraw.savedNone')}</option>
              {savedHere.map((a) => (
                <option key={a.id} value={a.address}>
                  {a.address}
                </option>
              ))}
            </select>
          </span>
        </label>
      ) : null}
      <p className="wd-warning">{t('withdraw.warning', { network: ch.type })}</p>

      <label className={amountError ? 'field field--invalid' : 'field'}>
        <span className="field__label wd-amount-label">
          <span>{t('withdraw.amount')}</span>
          <span className="wd-available">
            {t('withdraw.available')} <span className="wd-num">{formatDecimal(ch.available)}</span> {unit}
          </span>
        </span>
        <span className="field__control">
          <input
            className="field__input wd-num"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(sanitizeAmountInput(e.currentTarget.value, ch.coin));
              setServerError('');
            }}
            placeholder={formatDecimal(ch.min)}
            aria-invalid={amountError ? true : undefined}
            data-testid="withdraw-amount"
          />
          <span className="wd-unit">{unit}</span>
          <button
            type="button"
            className="field__action"
            onClick={() => setAmount(quote.maxAmount)}
            data-testid="withdraw-max"
          >
            {t('withdraw.max')}
          </button>
        </span>
        {amountError ? (
          <span className="field__error" data-testid="withdraw-amount-error">
            {amountError}
          </span>
        ) : null}
      </label>

      {ch.checkPass ? (
        <label className={pwdError ? 'field field--invalid' : 'field'}>
          <span className="field__label">{t('withdraw.pwd')}</span>
          <span className="field__control">
            <input
              className="field__input"
              type="password"
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
              value={pwd}
              onChange={(e) => setPwd(e.currentTarget.value.replace(/\D/g, ''))}
              placeholder={t('withdraw.pwdPlaceholder')}
              data-testid="withdraw-pwd"
            />
          </span>
          {pwdError ? <span className="field__error">{pwdError}</span> : null}
        </label>
      ) : null}
      {ch.checkCode ? (
        <label className={codeError ? 'field field--invalid' : 'field'}>
          <span className="field__label">{t('withdraw.code')}</span>
          <span className="field__control">
            <input
              className="field__input"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={6}
              data-testid="withdraw-code"
            />
            <SendCodeButton onSend={sendCode} />
          </span>
          {codeSendError || codeError ? (
            <span className="field__error" data-testid="withdraw-code-error">
              {codeSendError || codeError}
            </span>
          ) : null}
          {codeHint ? <span className="field__hint">{codeHint}</span> : null}
        </label>
      ) : null}

      <dl className="wd-summary" data-testid="withdraw-summary">
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd data-testid="withdraw-fee">
            {formatDecimal(quote.fee)} {unit}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.receive')}</dt>
          <dd data-testid="withdraw-receive">
            {formatDecimal(quote.receive)} {unit}
          </dd>
        </div>
        <div className="wd-summary__total">
          <dt>{t('withdraw.total')}</dt>
          <dd data-testid="withdraw-total">
            {formatDecimal(quote.total)} {unit}
          </dd>
        </div>
      </dl>
      {serverError ? (
        <p className="form__error" role="alert" data-testid="withdraw-server-error">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="fbtn fbtn--primary fbtn--block" disabled={busy} data-testid="withdraw-submit">
        {busy ? t('withdraw.submitting') : t('withdraw.submit')}
      </button>
    </form>
  );
}
