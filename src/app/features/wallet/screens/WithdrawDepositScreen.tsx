/**
 * /withdrawDeposit (WDR-17): deposit and withdrawal records in two tabs, with live status (fetched again when
 * the private socket reports a status change, never polled); a pending withdrawal can be cancelled after a
 * confirmation. Deposits come from recharge/list (GET ?pageNum&pageSize -> {rows, total}); when that call fails
 * the tab shows its error state.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Withdrawal } from '../../../../shared/schemas/withdraw';
import { call } from '../../../api/client';
import { queryKey } from '../../../data/queryCache';
import { useQuery } from '../../../data/useQuery';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { session } from '../../../state/session';
import { CoinIcon } from '../../../ui/CoinIcon';
import { rechargeApi } from '../../../../shared/api/recharge';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { WALLET_PATHS } from '../paths';
import { cancelWithdrawal, useReloadOnStatus, useWithdrawList } from '../withdraw';
import '../../../forms/forms.css';
import '../components/wallet.css';
import '../components/withdraw.css';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { AlertText } from '../../../ui/AlertText';
import { LoadFailed, Loading } from '../components/WalletState';

type Tab = 'withdrawals' | 'deposits';

export default function WithdrawDepositScreen() {
  const { t } = useTranslation('wallet');
  const desktop = useIsDesktop();
  const [tab, setTab] = useState<Tab>('withdrawals');
  return (
    <div className="wallet-screen wd-screen" data-testid="records-screen">
      <TopBar
        title={t('withdraw.recordsTitle')}
        back={WALLET_PATHS.wallet}
        right={
          desktop ? (
            <Link to={WALLET_PATHS.withdraw} className="wd-topbar-link">
              {t('withdraw.title')}
            </Link>
          ) : undefined
        }
      />
      <div className={desktop ? 'wd-records wd-records--desktop' : 'wd-records'}>
        <ChoiceGroup
          kind="tab"
          className="wd-tabs"
          options={['withdrawals', 'deposits'] as const}
          isOn={(k) => tab === k}
          onPick={setTab}
          buttonClass={(_, on) => (on ? 'wd-tab wd-tab--on' : 'wd-tab')}
          testId={(k) => `records-tab-${k}`}
        >
          {(k) => (k === 'withdrawals' ? t('withdraw.tabWithdrawals') : t('withdraw.tabDeposits'))}
        </ChoiceGroup>
        {tab === 'withdrawals' ? <Withdrawals /> : <Deposits />}
      </div>
    </div>
  );
}

/** A record list not loaded yet: its error with a retry, or "loading". */
function NotLoaded({ error, onRetry, testId }: { error: string | null; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('wallet');
  return error !== null ? (
    <LoadFailed title={error} onRetry={onRetry} retryLabel={t('withdraw.retry')} testId={testId} />
  ) : (
    <Loading text={t('state.loading')} />
  );
}

function Withdrawals() {
  const { t } = useTranslation('wallet');
  const list = useWithdrawList(50);
  const [confirm, setConfirm] = useState<Withdrawal | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!list.data) return <NotLoaded error={list.status === 'error' ? list.error : null} onRetry={list.reload} />;
  if (list.data.rows.length === 0) return <p className="wallet-state">{t('withdraw.none')}</p>;
  const doCancel = async () => {
    if (!confirm || busy) return;
    setBusy(true);
    setError('');
    try {
      await cancelWithdrawal(confirm.id);
      toast(t('withdraw.cancelled'), { kind: 'success' });
      setConfirm(null);
      list.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ul className="wd-list" data-testid="withdraw-records">
        {list.data.rows.map((r) => (
          <li key={r.id} className="wd-row" data-testid={`withdraw-record-${r.id}`}>
            <CoinIcon coin={r.coin} size={28} />
            <div className="wd-row__main">
              <div className="wd-row__top">
                <span className="wd-row__amount wd-num">
                  −{formatDecimal(r.amount)} {r.coin}
                </span>
                <span className={`wd-badge wd-badge--${r.status}`} data-testid="withdraw-record-status">
                  {t(`withdraw.status.${r.status}`)}
                </span>
              </div>
              <div className="wd-row__meta">
                <span>{r.type}</span>
                <span>{formatDateTime(r.createTime)}</span>
              </div>
              <div className="wd-row__meta wd-mono wd-row__addr">{r.address}</div>
              <div className="wd-row__meta wd-row__foot">
                <span>
                  {t('withdraw.fee')} {formatDecimal(r.fee)} {r.coin}
                </span>
                {r.reason ? <span>{t('withdraw.reason', { reason: r.reason })}</span> : null}
                {r.status === 'pending' ? (
                  <button
                    type="button"
                    className="fbtn fbtn--ghost wd-row__cancel"
                    onClick={() => setConfirm(r)}
                    data-testid="withdraw-cancel"
                  >
                    {t('withdraw.cancel')}
                  </button>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Popup open={confirm !== null} onClose={() => setConfirm(null)} title={t('withdraw.cancelTitle')}>
        {confirm ? (
          <div className="wd-confirm">
            <p>{t('withdraw.cancelBody', { amount: formatDecimal(confirm.amount), coin: confirm.coin })}</p>
            <AlertText text={error} className="form__error" />
            <div className="wd-outcome__actions">
              <button type="button" className="fbtn fbtn--secondary" onClick={() => setConfirm(null)}>
                {t('withdraw.keep')}
              </button>
              <button
                type="button"
                className="fbtn fbtn--primary"
                disabled={busy}
                onClick={doCancel}
                data-testid="withdraw-cancel-confirm"
              >
                {t('withdraw.cancelConfirm')}
              </button>
            </div>
          </div>
        ) : null}
      </Popup>
    </>
  );
}

function Deposits() {
  const { t } = useTranslation('wallet');
  const uid = useSnapshot(session).userInfo?.uid ?? '';
  const q = useQuery(
    queryKey(['asset', 'deposit', 'list', uid]),
    (signal) => call(rechargeApi.rechargeList, { signal, silent: true, query: { pageNum: 1, pageSize: 50 } }),
    { enabled: uid !== '' },
  );
  useReloadOnStatus(q.reload);
  if (!q.data)
    return (
      <NotLoaded
        error={q.status === 'error' ? t('withdraw.depositsError') : null}
        onRetry={q.reload}
        testId="deposit-records-error"
      />
    );
  if (q.data.rows.length === 0) return <p className="wallet-state">{t('withdraw.depositsNone')}</p>;
  return (
    <ul className="wd-list" data-testid="deposit-records">
      {q.data.rows.map((r) => (
        <li key={r.id} className="wd-row">
          <CoinIcon coin={r.coin} size={28} />
          <div className="wd-row__main">
            <div className="wd-row__top">
              <span className="wd-row__amount wd-num">
                +{formatDecimal(r.amount)} {r.coin}
              </span>
              <span className={`wd-badge wd-badge--${r.status}`}>{t(`deposit.status.${r.status}`)}</span>
            </div>
            <div className="wd-row__meta">
              <span>{r.network}</span>
              <span>{formatDateTime(r.createTime)}</span>
            </div>
            <div className="wd-row__meta">
              {t('withdraw.confirmations', { n: Math.min(r.confirmations, r.required), m: r.required })}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
