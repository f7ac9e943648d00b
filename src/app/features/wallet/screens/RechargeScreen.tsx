/**
 * /recharge (DEP-9): coin and network pickers (the networks open for deposits, src/shared/wallet/depositNetworks),
 * the caller's address with its QR code and a copy button, the memo with a strong warning where the network
 * needs one, the minimum and the confirmations, the warnings that a wrong network or a missing memo loses the
 * funds, the recent deposits with live status, and the "I have paid" declaration. Phone: one column; desktop:
 * the address on the left, the declaration and the recent deposits on the right.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { checkAmount } from '../../../../shared/amount';
import { TX_HASH_RE } from '../../../../shared/schemas/recharge';
import { compareDecimal, depositNetworks } from '../../../../shared/wallet/depositNetworks';
import { ApiError } from '../../../api/client';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { settings } from '../../../state/settings';
import { CoinIcon } from '../../../ui/CoinIcon';
import { EmptyState } from '../../../ui/EmptyState';
import { QrCode } from '../../../ui/QrCode';
import { toast } from '../../../state/toast';
import { declarePayment, useDepositAddress, useDeposits } from '../deposits';
import { WALLET_PATHS } from '../paths';
import { DepositBonuses } from '../../growth';
import '../components/deposit.css';
import { ChoiceGroup, type ChoiceGroupProps } from '../../../ui/ChoiceGroup';

/** A coin's or network's chip, marked when chosen. */
const chipClass = (_: unknown, on: boolean) => `deposit-chip${on ? ' is-on' : ''}`;

/** A headed row of chips of which one is chosen (the coin, the network); its heading also names the group. */
function ChipRow<T>({
  label,
  ...group
}: { label: string } & Omit<ChoiceGroupProps<T>, 'kind' | 'className' | 'label' | 'buttonClass'>) {
  return (
    <>
      <h2 className="deposit-label">{label}</h2>
      <ChoiceGroup kind="radio" className="deposit-chips" label={label} buttonClass={chipClass} {...group} />
    </>
  );
}

export default function RechargeScreen() {
  const { t } = useTranslation(['wallet', 'common']);
  const { config } = useSnapshot(settings);
  const nets = useMemo(() => depositNetworks(config), [config]);
  const coins = useMemo(() => [...new Set(nets.map((n) => n.coin))], [nets]);
  const [coinPick, setCoin] = useState('');
  const coin = coins.includes(coinPick) ? coinPick : (coins[0] ?? '');
  const coinNets = nets.filter((n) => n.coin === coin);
  const [netPick, setNet] = useState('');
  const net = coinNets.find((n) => n.network === netPick) ?? coinNets[0];
  const addr = useDepositAddress(coin, net?.network ?? '');

  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => toast(t('wallet:deposit.copied'), { kind: 'success' }),
      () => toast(t('wallet:deposit.copyFailed'), { kind: 'error' }),
    );
  };

  if (coins.length === 0)
    return (
      <div className="deposit-screen">
        <TopBar title={t('wallet:deposit.title')} back={WALLET_PATHS.wallet} />
        <EmptyState title={t('wallet:deposit.closed')} />
      </div>
    );

  const a = addr.data && addr.data.coin === coin && addr.data.network === net?.network ? addr.data : undefined;
  return (
    <div className="deposit-screen" data-testid="deposit-screen">
      <TopBar title={t('wallet:deposit.title')} back={WALLET_PATHS.wallet} />
      <div className="app-column deposit-grid">
        <section className="deposit-card deposit-main" aria-label={t('wallet:deposit.title')}>
          <ChipRow label={t('wallet:deposit.coin')} options={coins} isOn={(c) => c === coin} onPick={setCoin}>
            {(c) => (
              <>
                <CoinIcon coin={c} size={20} />
                <span>{c}</span>
              </>
            )}
          </ChipRow>
          <ChipRow
            label={t('wallet:deposit.network')}
            options={coinNets}
            keyOf={(n) => n.network}
            isOn={(n) => n.network === net?.network}
            onPick={(n) => setNet(n.network)}
          >
            {(n) => n.network}
          </ChipRow>
          <p className="deposit-warn" role="note">
            {t('wallet:deposit.networkWarning', { coin, network: net?.network ?? '' })}
          </p>
          {a ? (
            <div className="deposit-address" data-testid="deposit-address">
              <div className="deposit-qr">
                <QrCode text={a.address} label={t('wallet:deposit.qr', { network: a.network })} />
              </div>
              <div className="deposit-label">{t('wallet:deposit.address', { network: a.network })}</div>
              <div className="deposit-copyrow">
                <code className="deposit-mono" data-testid="deposit-address-text">
                  {a.address}
                </code>
                <button type="button" className="deposit-btn" onClick={() => copy(a.address)}>
                  {t('wallet:deposit.copy')}
                </button>
              </div>
              {a.memo && (
                <>
                  <div className="deposit-label">{t('wallet:deposit.memo')}</div>
                  <div className="deposit-copyrow">
                    <code className="deposit-mono" data-testid="deposit-memo">
                      {a.memo}
                    </code>
                    <button type="button" className="deposit-btn" onClick={() => copy(a.memo ?? '')}>
                      {t('wallet:deposit.copy')}
                    </button>
                  </div>
                  <p className="deposit-warn deposit-warn--strong" role="alert">
                    {t('wallet:deposit.memoWarning')}
                  </p>
                </>
              )}
              <dl className="deposit-facts">
                <dt>{t('wallet:deposit.minimum')}</dt>
                <dd className="num">
                  {formatDecimal(a.minAmount)} {a.coin}
                </dd>
                <dt>{t('wallet:deposit.confirmations')}</dt>
                <dd className="num">{a.confirmations}</dd>
              </dl>
              <p className="deposit-note">{t('wallet:deposit.minimumNote', { min: a.minAmount, coin: a.coin })}</p>
            </div>
          ) : addr.status === 'error' ? (
            <div className="deposit-error" role="alert">
              <span>{addr.error || t('wallet:deposit.loadFailed')}</span>
              <button type="button" className="deposit-btn" onClick={addr.reload}>
                {t('wallet:deposit.retry')}
              </button>
            </div>
          ) : (
            <div className="deposit-loading" aria-busy="true">
              {t('wallet:deposit.loadingAddress')}
            </div>
          )}
        </section>
        <div className="deposit-side">
          {net && <Declare coin={coin} network={net.network} min={net.minAmount} max={net.maxAmount} />}
          <Recent />
          <DepositBonuses />
        </div>
      </div>
    </div>
  );
}

function Declare({ coin, network, min, max }: { coin: string; network: string; min: string; max?: string }) {
  const { t } = useTranslation('wallet');
  const [amount, setAmount] = useState('');
  const [hash, setHash] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const a = checkAmount(amount.trim(), coin);
    if (!a.ok) return setProblem(a.msg);
    if (compareDecimal(a.amount, min) < 0) return setProblem(t('deposit.belowMinimum', { min, coin }));
    if (max && compareDecimal(a.amount, max) > 0) return setProblem(t('deposit.aboveMaximum', { max, coin }));
    if (!TX_HASH_RE.test(hash.trim())) return setProblem(t('deposit.badHash'));
    setProblem('');
    setBusy(true);
    try {
      await declarePayment({ coin, symbol: network, amount: a.amount, hash: hash.trim() });
      setAmount('');
      setHash('');
      toast(t('deposit.declared'), { kind: 'success' });
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="deposit-card deposit-declare" onSubmit={submit} noValidate>
      <h2 className="deposit-h">{t('deposit.paidTitle')}</h2>
      <p className="deposit-note">{t('deposit.paidHint')}</p>
      <label className="deposit-field">
        <span>{t('deposit.amount', { coin })}</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={t('deposit.amountPlaceholder', { min })}
        />
      </label>
      <label className="deposit-field">
        <span>{t('deposit.txHash')}</span>
        <input autoComplete="off" spellCheck={false} value={hash} onChange={(e) => setHash(e.target.value)} />
      </label>
      {problem && (
        <p className="deposit-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="deposit-submit" disabled={busy}>
        {t('deposit.paidSubmit')}
      </button>
    </form>
  );
}

function Recent() {
  const { t } = useTranslation('wallet');
  const q = useDeposits();
  return (
    <section className="deposit-card deposit-recent" aria-label={t('deposit.recent')}>
      <h2 className="deposit-h">{t('deposit.recent')}</h2>
      {q.status === 'error' && !q.data ? (
        <div className="deposit-error" role="alert">
          <span>{t('deposit.loadFailed')}</span>
          <button type="button" className="deposit-btn" onClick={q.reload}>
            {t('deposit.retry')}
          </button>
        </div>
      ) : !q.data ? (
        <div className="deposit-loading" aria-busy="true">
          {t('deposit.loadingList')}
        </div>
      ) : q.data.rows.length === 0 ? (
        <EmptyState compact title={t('deposit.none')} />
      ) : (
        <ul className="deposit-list" data-testid="deposit-list">
          {q.data.rows.map((r) => (
            <li key={r.id} className="deposit-row" data-status={r.status}>
              <CoinIcon coin={r.coin} size={24} />
              <div className="deposit-row__main">
                <div className="deposit-row__top">
                  <span className="num deposit-row__amount">
                    +{formatDecimal(r.amount)} {r.coin}
                  </span>
                  <span className={`deposit-status deposit-status--${r.status}`}>
                    {t(`deposit.status.${r.status}`)}
                  </span>
                </div>
                <div className="deposit-row__sub">
                  <span>{r.network}</span>
                  <span className="num">
                    {r.status === 'confirming'
                      ? t('deposit.confirmsOf', { n: r.confirmations, of: r.required })
                      : formatDateTime(r.createTime)}
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
