/** The withdraw form of /withdraw (WDR-16): the channel's rules, the fee and totals as the user types, one submission per intent. */
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useSnapshot } from 'valtio';
import { userApi } from '../../../../shared/api/user';
import type { Withdrawal, WithdrawChannel } from '../../../../shared/schemas/withdraw';
import type { WithdrawProblem } from '../../../../shared/wallet/withdrawRules';
import { ApiError, call } from '../../../api/client';
import { useDevCodeHint } from '../../../forms/DevCodeHint';
import { SendCodeButton } from '../../../forms/SendCodeButton';
import { formatDecimal } from '../../../i18n/format';

import { session } from '../../../state/session';
import { toast } from '../../../state/toast';
import { CoinIcon } from '../../../ui/CoinIcon';
import { sanitizeAmountInput } from '../../../money/transfer';
import { addressOk, quoteFor, withdrawCoins } from '../model/withdrawForm';

import { APP_PATHS } from '../../../ui/appPaths';
import { WALLET_PATHS } from '../paths';
import { submitWithdrawal, useSavedAddresses } from '../withdraw';
import '../../../forms/forms.css';
import './wallet.css';
import './withdraw.css';
import { clock } from '../../../time/clock';
import { ChoiceGroup, type ChoiceGroupProps } from '../../../ui/ChoiceGroup';
import { AlertText } from '../../../ui/AlertText';
import { Figure } from '../../../ui/Figure';

/** A coin's or network's chip, marked when chosen. */
const chipClass = (_: unknown, on: boolean) => (on ? 'wd-chip wd-chip--on' : 'wd-chip');

/** A labelled row of chips of which one is chosen (the coin, the network); its label also names the group. */
function ChipField<T>({
  label,
  ...group
}: { label: string } & Omit<ChoiceGroupProps<T>, 'kind' | 'className' | 'label' | 'buttonClass'>) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <ChoiceGroup kind="radio" className="wd-chips" label={label} buttonClass={chipClass} {...group} />
    </div>
  );
}

export function WithdrawForm({
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
  const fid = useId();
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

  const quote = quoteFor(ch, amount, clock.now());
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
  // A11Y-16: each input is named by its label text alone and described by its error (the error sits inside the
  // <label> for the layout, so the name is given by aria-labelledby, not taken from the whole label).
  const a11y = (name: string, error: string) => ({
    'aria-labelledby': `${fid}-${name}-label`,
    'aria-describedby': error ? `${fid}-${name}-error` : undefined,
    'aria-invalid': error ? true : undefined,
  });

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
  // WORD-3: a channel that asks for the trade password says so before anything is typed, with the way to set one.
  if (ch.checkPass && user && !user.hasTradePwd)
    return (
      <section className="wd-needpwd" role="status" data-testid="withdraw-needs-trade-password">
        <p className="wd-needpwd__title">{t('withdraw.needPwd.title')}</p>
        <p className="wd-needpwd__text">{t('withdraw.needPwd.text')}</p>
        <Link
          className="fbtn fbtn--primary"
          to={`${APP_PATHS.account.fundPassword}?back=${encodeURIComponent(WALLET_PATHS.withdraw)}`}
          data-testid="withdraw-set-trade-password"
        >
          {t('withdraw.needPwd.action')}
        </Link>
      </section>
    );
  return (
    <form className="form wd-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      {!quote.inWindow ? (
        <p className="wd-note" role="status" data-testid="withdraw-window-closed">
          {t('withdraw.err.window', { start: ch.limitTimeStart, end: ch.limitTimeEnd })}
        </p>
      ) : null}
      <ChipField
        label={t('withdraw.coin')}
        options={coins}
        isOn={(c) => c === coin}
        onPick={pickCoin}
        testId={(c) => `withdraw-coin-${c}`}
      >
        {(c) => (
          <>
            <CoinIcon coin={c} size={18} /> {c}
          </>
        )}
      </ChipField>
      <ChipField
        label={t('withdraw.network')}
        options={networks}
        keyOf={(n) => n.type}
        isOn={(n) => n.type === ch.type}
        onPick={(n) => {
          setType(n.type);
          setAddress('');
          setServerError('');
        }}
        testId={(n) => `withdraw-network-${n.type}`}
      >
        {(n) => n.type}
      </ChipField>

      <dl className="facts wd-rules" data-testid="withdraw-rules" aria-label={t('withdraw.rules')}>
        <Figure label={t('withdraw.min')}>
          {formatDecimal(ch.min)} {unit}
        </Figure>
        <Figure label={t('withdraw.maxRule')}>
          {formatDecimal(ch.max)} {unit}
        </Figure>
        <Figure label={t('withdraw.feeRule')}>
          {t('withdraw.feeValue', { fee: formatDecimal(ch.fee), coin: unit, ratio: formatDecimal(ch.ratio) })}
        </Figure>
        <Figure label={t('withdraw.freeLeft')}>{ch.freeLeft}</Figure>
        <Figure label={t('withdraw.countLeft')}>{ch.countLeft}</Figure>
        <Figure label={t('withdraw.window')}>
          {ch.limitTime
            ? t('withdraw.windowValue', { start: ch.limitTimeStart, end: ch.limitTimeEnd, tz: ch.timeZone })
            : t('withdraw.anyTime')}
        </Figure>
      </dl>

      <WithdrawField stem={`${fid}-address`} label={t('withdraw.address')} error={addressError}>
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
          {...a11y('address', addressError)}
          data-testid="withdraw-address"
        />
      </WithdrawField>
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

      <WithdrawField
        stem={`${fid}-amount`}
        labelClass="wd-amount-label"
        label={
          <>
            <span>{t('withdraw.amount')}</span>
            <span className="wd-available">
              {t('withdraw.available')} <span className="wd-num">{formatDecimal(ch.available)}</span> {unit}
            </span>
          </>
        }
        error={amountError}
        errorTestId="withdraw-amount-error"
      >
        <input
          className="field__input wd-num"
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmount(sanitizeAmountInput(e.currentTarget.value, ch.coin));
            setServerError('');
          }}
          placeholder={formatDecimal(ch.min)}
          {...a11y('amount', amountError)}
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
      </WithdrawField>

      {ch.checkPass ? (
        <WithdrawField stem={`${fid}-pwd`} label={t('withdraw.pwd')} error={pwdError}>
          <input
            className="field__input"
            type="password"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={pwd}
            onChange={(e) => setPwd(e.currentTarget.value.replace(/\D/g, ''))}
            placeholder={t('withdraw.pwdPlaceholder')}
            {...a11y('pwd', pwdError)}
            data-testid="withdraw-pwd"
          />
        </WithdrawField>
      ) : null}
      {ch.checkCode ? (
        <WithdrawField
          stem={`${fid}-code`}
          label={t('withdraw.code')}
          error={codeSendError || codeError}
          errorTestId="withdraw-code-error"
          hint={codeHint}
        >
          <input
            className="field__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            maxLength={6}
            {...a11y('code', codeSendError || codeError)}
            data-testid="withdraw-code"
          />
          <SendCodeButton onSend={sendCode} />
        </WithdrawField>
      ) : null}

      <dl className="facts wd-summary" data-testid="withdraw-summary">
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
      <AlertText text={serverError} className="form__error" testId="withdraw-server-error" />
      <button type="submit" className="fbtn fbtn--primary fbtn--block" disabled={busy} data-testid="withdraw-submit">
        {busy ? t('withdraw.submitting') : t('withdraw.submit')}
      </button>
    </form>
  );
}

/**
 * One field of the form: its label (with an id, which the input names through `a11y`), the control, then the
 * error and the hint. `stem` is the id both start with: `${stem}-label`, `${stem}-error`.
 */
function WithdrawField(props: {
  stem: string;
  label: ReactNode;
  labelClass?: string;
  error: string;
  errorTestId?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { stem, error } = props;
  return (
    <label className={error ? 'field field--invalid' : 'field'}>
      <span id={`${stem}-label`} className={props.labelClass ? `field__label ${props.labelClass}` : 'field__label'}>
        {props.label}
      </span>
      <span className="field__control">{props.children}</span>
      {error ? (
        <span className="field__error" id={`${stem}-error`} data-testid={props.errorTestId}>
          {error}
        </span>
      ) : null}
      {props.hint ? <span className="field__hint">{props.hint}</span> : null}
    </label>
  );
}
