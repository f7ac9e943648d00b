/**
 * The transfer sheet (WAL-6..9): from and to accounts with a swap button, the coin (those with a balance in the
 * from account first), the amount with Max (the from account's available balance, exact to the coin's
 * decimals) and the available balance shown. Checked before sending by the shared amount rule; sent once per
 * intent through mutate(); the server's refusal is shown inline, in its own words; success toasts and every
 * balance is fetched again. The destination at opening is the user's last one, never the source (WORD-6).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { StorageKeys } from '../../../../shared/storageKeys';
import { ApiError } from '../../../api/client';
import { formatDecimal } from '../../../i18n/format';
import { session } from '../../../state/session';
import { readJson, writeJson } from '../../../state/storage';
import { CoinIcon } from '../../../ui/CoinIcon';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { sendTransfer, useAssetBalances } from '../../../money/balances';
import {
  availableOf,
  checkTransfer,
  defaultDestination,
  maxTransfer,
  sanitizeAmountInput,
  transferCoins,
  type TransferProblem,
} from '../../../money/transfer';
import { ACCOUNTS, QUOTE_COIN, type AssetAccount } from '../../../money/valuation';
import { SwapButton } from './walletIcons';
import '../../../forms/forms.css';
import './wallet.css';
import { AlertText } from '../../../ui/AlertText';
import { LoadFailed, Loading } from './WalletState';
import { SubmitButton } from '../../../forms/Field';

interface TransferSheetProps {
  open: boolean;
  onClose: () => void;
  /** Preselected coin and from account (a table row's Transfer). */
  coin?: string;
  from?: AssetAccount;
}

/** The last destination of each user on this device (WORD-6), by user id. */
type LastTo = Record<string, string>;
const lastTo = (uid: string): string | undefined =>
  uid ? readJson<LastTo>(StorageKeys.lastTransferTo)?.[uid] : undefined;
function rememberTo(uid: string, to: AssetAccount): void {
  if (!uid) return;
  writeJson(StorageKeys.lastTransferTo, { ...readJson<LastTo>(StorageKeys.lastTransferTo), [uid]: to });
}

/**
 * The transfer sheet of a screen that shows the assets overview: `open` for the overview's transfer actions,
 * `sheet` where the screen renders it.
 */
export function useTransferSheet() {
  const [target, setTarget] = useState<{ coin?: string; from?: AssetAccount } | null>(null);
  const open = (coin?: string, from?: AssetAccount) => setTarget({ coin, from });
  const sheet = (
    <TransferSheet open={target !== null} onClose={() => setTarget(null)} coin={target?.coin} from={target?.from} />
  );
  return { open, sheet };
}

/** One side of the transfer: the account it leaves or reaches. */
function AccountPicker(p: {
  label: string;
  value: AssetAccount;
  onPick: (account: AssetAccount) => void;
  testId: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <label className="transfer__picker">
      <span className="transfer__picker-label">{p.label}</span>
      <select
        className="transfer__select"
        value={p.value}
        onChange={(e) => p.onPick(e.currentTarget.value as AssetAccount)}
        data-testid={p.testId}
        aria-invalid={p.invalid || undefined}
      >
        {ACCOUNTS.map((a) => (
          <option key={a} value={a}>
            {t(`account.${a}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function TransferSheet({ open, onClose, coin: initialCoin, from: initialFrom }: TransferSheetProps) {
  const { t } = useTranslation('wallet');
  return (
    <Popup open={open} onClose={onClose} title={t('transfer.title')} variant="sheet">
      {open ? <TransferForm onDone={onClose} initialCoin={initialCoin} initialFrom={initialFrom} /> : null}
    </Popup>
  );
}

function TransferForm({
  onDone,
  initialCoin,
  initialFrom,
}: {
  onDone: () => void;
  initialCoin?: string;
  initialFrom?: AssetAccount;
}) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const balances = useAssetBalances();
  const entries = useMemo(() => balances.data ?? [], [balances.data]);
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  const [from, setFrom] = useState<AssetAccount>(initialFrom ?? 'platform');
  const [to, setTo] = useState<AssetAccount>(() =>
    defaultDestination(ACCOUNTS, initialFrom ?? 'platform', lastTo(uid)),
  );
  const coins = useMemo(() => transferCoins(entries, from), [entries, from]);
  const [coin, setCoin] = useState<string>(initialCoin?.toUpperCase() ?? '');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  // Until the user picks, the coin is the first offered (one with a balance in the from account).
  const chosen = coin || coins[0]?.coin || QUOTE_COIN;
  const clearErrors = () => {
    setProblem(null);
    setServerError('');
  };
  const available = availableOf(entries, from, chosen);

  const swap = () => {
    clearErrors();
    setFrom(to);
    setTo(from);
  };
  const pickFrom = (a: AssetAccount) => {
    clearErrors();
    setFrom(a);
    if (a === to) setTo(from);
  };
  const pickTo = (a: AssetAccount) => {
    clearErrors();
    setTo(a);
    if (a === from) setFrom(to);
  };

  const message = (p: TransferProblem): string => {
    switch (p.reason) {
      case 'sameAccount':
        return t('transfer.err.sameAccount');
      case 'required':
        return t('transfer.err.required');
      case 'zero':
        return t('transfer.err.zero');
      case 'decimals':
        return t('transfer.err.decimals', { coin: chosen, n: p.decimals ?? 0 });
      case 'balance':
        return t('transfer.err.balance', { amount: formatDecimal(p.available), coin: chosen });
      default:
        return t('transfer.err.format');
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setServerError('');
    const v = checkTransfer({ fromAccount: from, toAccount: to, coin: chosen, amount }, available);
    if (!v.ok) {
      setProblem(v.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await sendTransfer({ fromAccount: from, toAccount: to, coin: chosen, amount: v.amount });
      rememberTo(uid, to);
      toast(
        t('transfer.done', {
          amount: formatDecimal(v.amount),
          coin: chosen,
          from: t(`account.${from}`),
          to: t(`account.${to}`),
        }),
        { kind: 'success' },
      );
      onDone();
    } catch (err) {
      setServerError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (!balances.data && balances.status === 'error')
    return <LoadFailed title={t('state.error')} detail={balances.error} onRetry={balances.reload} />;
  if (!balances.data) return <Loading text={t('state.loading')} />;

  const amountError = problem?.field === 'amount' ? message(problem) : '';
  const toError = problem?.field === 'toAccount' ? message(problem) : '';

  return (
    <form className="form transfer" onSubmit={submit} noValidate data-testid="transfer-form">
      <div className="transfer__accounts">
        <div className="transfer__pickers">
          <AccountPicker label={t('transfer.from')} value={from} onPick={pickFrom} testId="transfer-from" />
          <AccountPicker label={t('transfer.to')} value={to} onPick={pickTo} testId="transfer-to" invalid={!!toError} />
        </div>
        <SwapButton label={t('transfer.swap')} onClick={swap} testId="transfer-swap" />
      </div>
      <AlertText text={toError} className="field__error" />

      <div className="field">
        <label className="field__label" htmlFor={`${id}-coin`}>
          {t('transfer.coin')}
        </label>
        <div className="field__control">
          <CoinIcon coin={chosen} size={24} />
          <select
            id={`${id}-coin`}
            className="field__input transfer__coin"
            value={chosen}
            onChange={(e) => {
              setCoin(e.currentTarget.value);
              setAmount('');
              clearErrors();
            }}
            data-testid="transfer-coin"
          >
            {coins.map((c) => (
              <option key={c.coin} value={c.coin}>
                {c.available !== '0' ? `${c.coin} · ${formatDecimal(c.available)}` : c.coin}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className={`field${amountError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t('transfer.amount')}
        </label>
        <div className="field__control">
          <input
            id={`${id}-amount`}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('transfer.amountPlaceholder')}
            value={amount}
            onChange={(e) => {
              setAmount(sanitizeAmountInput(e.currentTarget.value, chosen));
              clearErrors();
            }}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-available${amountError ? ` ${id}-amount-error` : ''}`}
            data-testid="transfer-amount"
          />
          <span className="transfer__unit">{chosen}</span>
          <button
            type="button"
            className="transfer__max"
            onClick={() => {
              setAmount(maxTransfer(available, chosen) === '0' ? '' : maxTransfer(available, chosen));
              setProblem(null);
            }}
            data-testid="transfer-max"
          >
            {t('transfer.max')}
          </button>
        </div>
        <AlertText
          text={amountError}
          className="field__error"
          id={`${id}-amount-error`}
          testId="transfer-amount-error"
        />
        <p className="field__hint" id={`${id}-available`} data-testid="transfer-available">
          {t('transfer.available', { amount: formatDecimal(available), coin: chosen, account: t(`account.${from}`) })}
        </p>
      </div>

      <p className="transfer__note">{t('transfer.note')}</p>
      <AlertText text={serverError} className="form__error" testId="transfer-error" />
      <SubmitButton busy={busy} testId="transfer-submit">
        {t('transfer.submit')}
      </SubmitButton>
    </form>
  );
}
