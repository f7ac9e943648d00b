/**
 * /withdraw (WDR-16): coin, network, address (saved ones of withdrawAddress, or a new one checked with the
 * network's format), amount with Max (WDR-7), the channel's rules, the fee, the amount received and the total
 * debited as the user types, trade password and code when required. The shared rules run before sending and
 * nothing they refuse is sent; the server's refusals show inline. One submission per intent (mutate); a reply
 * that never came, or a reload with the intent unanswered, is answered by asking for the status of its key.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Withdrawal } from '../../../../shared/schemas/withdraw';

import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';

import { CoinIcon } from '../../../ui/CoinIcon';

import { WALLET_PATHS } from '../paths';
import { hasPendingWithdrawal, resolvePendingWithdrawal, useWithdrawChannels, useWithdrawList } from '../withdraw';
import '../../../forms/forms.css';
import '../components/wallet.css';
import '../components/withdraw.css';
import { WithdrawForm } from '../components/WithdrawForm';
import { Figure } from '../../../ui/Figure';
import { LoadFailed, Loading } from '../components/WalletState';

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
  if (checking) body = <Loading text={t('withdraw.checking')} testId="withdraw-checking" />;
  else if (outcome) body = <Outcome w={outcome} onAgain={() => setOutcome(null)} />;
  else if (channels.status === 'error' && !channels.data)
    body = (
      <LoadFailed
        title={t('withdraw.error')}
        detail={channels.error}
        onRetry={channels.reload}
        retryLabel={t('withdraw.retry')}
      />
    );
  else if (!channels.data) body = <Loading text={t('withdraw.loading')} />;
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
      <dl className="facts wd-summary">
        <Figure label={t('withdraw.network')}>{now.type}</Figure>
        <Figure label={t('withdraw.address')} className="wd-mono">
          {now.address}
        </Figure>
        <Figure label={t('withdraw.fee')}>
          {formatDecimal(now.fee)} {now.coin}
        </Figure>
        <Figure label={t('withdraw.total')}>
          {formatDecimal(now.total)} {now.coin}
        </Figure>
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
