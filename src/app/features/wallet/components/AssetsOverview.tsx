/**
 * The assets overview (WAL-1..5, NAV-5): the total of every account in USDT, valued live, with the hide-amounts
 * eye; the actions (deposit, withdraw, transfer, convert, records); the three accounts as tabs, each with its
 * value and its coins (logo, available, frozen, value in USDT, "--" where a coin has no price), sorted by
 * value, with "hide small balances". Loading, error and empty states are drawn in place.
 * Phone: one column. Desktop (/assets): total and actions on the left, the account tabs and a table on the right.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDecimal } from '../../../i18n/format';
import { CoinIcon } from '../../../ui/CoinIcon';
import { EmptyState } from '../../../ui/EmptyState';
import {
  ACCOUNTS,
  SMALL_BALANCE_USDT,
  accountRows,
  roundValue,
  sortRows,
  valuate,
  visibleRows,
  type AssetAccount,
  type CoinRow,
} from '../../../money/valuation';
import { WALLET_PATHS } from '../paths';
import { HIDDEN_AMOUNT, setHideAmounts, setHideSmall, walletPrefs } from '../prefs';
import { usePortfolio, type Portfolio } from '../usePortfolio';
import { IconConvert, IconDeposit, IconEye, IconEyeOff, IconRecords, IconTransfer, IconWithdraw } from './walletIcons';
import './wallet.css';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import { LoadFailed } from './WalletState';

export interface AssetsOverviewProps {
  layout: 'phone' | 'desktop';
  /** Opens the transfer sheet (optionally for a coin, from an account). */
  onTransfer: (coin?: string, from?: AssetAccount) => void;
}

/** Formats an amount, or hides it behind the eye. */
function useAmount() {
  const { hideAmounts } = useSnapshot(walletPrefs);
  return (v: string | null) => (hideAmounts ? HIDDEN_AMOUNT : v === null ? '--' : formatDecimal(v));
}

function EyeButton() {
  const { t } = useTranslation('wallet');
  const { hideAmounts } = useSnapshot(walletPrefs);
  return (
    <button
      type="button"
      className="icon-btn icon-btn--muted wallet-eye"
      onClick={() => setHideAmounts(!hideAmounts)}
      aria-pressed={hideAmounts}
      aria-label={t(hideAmounts ? 'eye.show' : 'eye.hide')}
      data-testid="wallet-eye"
    >
      {hideAmounts ? <IconEyeOff size={18} /> : <IconEye size={18} />}
    </button>
  );
}

export function TotalCard({ portfolio, children }: { portfolio: Portfolio; children?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const amount = useAmount();
  const total = useMemo(
    () => valuate(ACCOUNTS.flatMap((a) => accountRows(portfolio.entries, a, portfolio.prices))),
    [portfolio.entries, portfolio.prices],
  );
  return (
    <section className="wallet-total" aria-label={t('total')}>
      <div className="wallet-total__label">
        <span>{t('total')}</span>
        <EyeButton />
      </div>
      {portfolio.hasData ? (
        <p className="wallet-total__value" data-testid="wallet-total">
          <span>{amount(roundValue(total.value))}</span>
          <span className="wallet-total__unit">USDT</span>
        </p>
      ) : portfolio.status === 'error' ? (
        <p className="wallet-total__value wallet-total__value--muted">--</p>
      ) : (
        <p className="wallet-total__value">
          <span className="wallet-skeleton wallet-skeleton--wide" aria-label={t('state.loading')} />
        </p>
      )}
      {total.unpriced.length > 0 ? (
        <p className="wallet-total__note" data-testid="wallet-unpriced">
          {t('unpriced', { coins: total.unpriced.join(', ') })}
        </p>
      ) : null}
      {children}
    </section>
  );
}

export function WalletActions({ onTransfer, layout }: { onTransfer: () => void; layout: 'phone' | 'desktop' }) {
  const { t } = useTranslation('wallet');
  const items: { key: string; icon: ReactNode; to?: string }[] = [
    { key: 'deposit', icon: <IconDeposit size={22} />, to: WALLET_PATHS.recharge },
    { key: 'withdraw', icon: <IconWithdraw size={22} />, to: WALLET_PATHS.withdraw },
    { key: 'transfer', icon: <IconTransfer size={22} /> },
    { key: 'exchange', icon: <IconConvert size={22} />, to: WALLET_PATHS.flashExchange },
    { key: 'records', icon: <IconRecords size={22} />, to: WALLET_PATHS.withdrawDeposit },
  ];
  return (
    <nav className={`wallet-actions wallet-actions--${layout}`} aria-label={t('actions')}>
      {items.map((it) => {
        const inner = (
          <>
            <span className="wallet-actions__icon">{it.icon}</span>
            <span className="wallet-actions__label">{t(`action.${it.key}`)}</span>
          </>
        );
        return it.to ? (
          <Link key={it.key} to={it.to} className="wallet-actions__item" data-testid={`wallet-action-${it.key}`}>
            {inner}
          </Link>
        ) : (
          <button
            key={it.key}
            type="button"
            className="wallet-actions__item"
            onClick={onTransfer}
            data-testid={`wallet-action-${it.key}`}
          >
            {inner}
          </button>
        );
      })}
    </nav>
  );
}

function Skeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('wallet');
  return (
    <ul className="wallet-list" aria-busy="true" aria-label={t('state.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="wallet-row">
          <span className="wallet-skeleton wallet-skeleton--round" />
          <span className="wallet-skeleton" />
          <span className="wallet-skeleton wallet-skeleton--end" />
        </li>
      ))}
    </ul>
  );
}

function PhoneRows({ rows, account }: { rows: CoinRow[]; account: AssetAccount }) {
  const { t } = useTranslation('wallet');
  const amount = useAmount();
  return (
    <ul className="wallet-list" data-testid={`wallet-rows-${account}`}>
      {rows.map((r) => (
        <li key={r.coin} className="wallet-row" data-coin={r.coin}>
          <CoinIcon coin={r.coin} size={32} />
          <div className="wallet-row__main">
            <div className="wallet-row__line">
              <span className="wallet-row__coin">{r.coin}</span>
              <span className="wallet-row__total">{amount(r.total)}</span>
            </div>
            <div className="wallet-row__line wallet-row__line--sub">
              <span>
                {t('col.available')} {amount(r.available)}
              </span>
              <span data-testid="wallet-row-value">≈ {amount(roundValue(r.value))} USDT</span>
            </div>
            {r.frozen !== '0' ? (
              <div className="wallet-row__line wallet-row__line--sub">
                <span>
                  {t('col.frozen')} {amount(r.frozen)}
                </span>
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function DesktopTable({
  rows,
  account,
  onTransfer,
}: {
  rows: CoinRow[];
  account: AssetAccount;
  onTransfer: AssetsOverviewProps['onTransfer'];
}) {
  const { t } = useTranslation('wallet');
  const amount = useAmount();
  return (
    <table className="wallet-table" data-testid={`wallet-rows-${account}`}>
      <ColumnHeads
        cols={[t('col.coin'), t('col.total'), t('col.available'), t('col.frozen'), t('col.value'), t('col.actions')]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.coin} className="wallet-tr" data-coin={r.coin}>
            <th scope="row">
              <span className="wallet-table__coin">
                <CoinIcon coin={r.coin} size={28} />
                {r.coin}
              </span>
            </th>
            <td>{amount(r.total)}</td>
            <td>{amount(r.available)}</td>
            <td>{amount(r.frozen)}</td>
            <td data-testid="wallet-row-value">{amount(roundValue(r.value))}</td>
            <td>
              <span className="wallet-table__actions">
                {account === 'platform' ? (
                  <>
                    <Link to={WALLET_PATHS.recharge}>{t('action.deposit')}</Link>
                    <Link to={WALLET_PATHS.withdraw}>{t('action.withdraw')}</Link>
                  </>
                ) : null}
                <button type="button" onClick={() => onTransfer(r.coin, account)}>
                  {t('action.transfer')}
                </button>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AccountTabs({ portfolio, layout, onTransfer }: AssetsOverviewProps & { portfolio: Portfolio }) {
  const { t } = useTranslation('wallet');
  const { hideSmall } = useSnapshot(walletPrefs);
  const amount = useAmount();
  const [account, setAccount] = useState<AssetAccount>('platform');
  const rows = useMemo(
    () => sortRows(accountRows(portfolio.entries, account, portfolio.prices)),
    [portfolio.entries, portfolio.prices, account],
  );
  const shown = visibleRows(rows, hideSmall);
  const value = valuate(rows);
  const held = rows.some((r) => r.total !== '0');

  let body: ReactNode;
  if (!portfolio.hasData && portfolio.status === 'error')
    body = (
      <LoadFailed title={t('state.error')} detail={portfolio.error} onRetry={portfolio.reload} testId="wallet-error" />
    );
  else if (!portfolio.hasData) body = <Skeleton rows={3} />;
  else if (!held)
    body = (
      <EmptyState
        compact
        title={t('state.empty')}
        description={t('state.emptyHint')}
        action={
          account === 'platform' ? (
            <Link to={WALLET_PATHS.recharge} className="fbtn fbtn--primary">
              {t('action.deposit')}
            </Link>
          ) : (
            <button type="button" className="fbtn fbtn--primary" onClick={() => onTransfer(undefined, 'platform')}>
              {t('action.transfer')}
            </button>
          )
        }
      />
    );
  else if (shown.length === 0)
    body = (
      <div className="wallet-state">
        <p className="wallet-state__detail">{t('state.allSmall', { value: SMALL_BALANCE_USDT })}</p>
        <button type="button" className="fbtn fbtn--ghost" onClick={() => setHideSmall(false)}>
          {t('state.showAll')}
        </button>
      </div>
    );
  else
    body =
      layout === 'desktop' ? (
        <DesktopTable rows={shown} account={account} onTransfer={onTransfer} />
      ) : (
        <PhoneRows rows={shown} account={account} />
      );

  return (
    <section className={`wallet-accounts wallet-accounts--${layout}`} aria-label={t('accountsTitle')}>
      <ChoiceGroup
        kind="tab"
        className="wallet-tabs"
        label={t('accountsTitle')}
        options={ACCOUNTS}
        isOn={(a) => a === account}
        onPick={setAccount}
        buttonClass="wallet-tabs__tab"
        testId={(a) => `wallet-tab-${a}`}
        buttonProps={(a) => ({ id: `wallet-tab-${a}`, 'aria-controls': 'wallet-tabpanel' })}
      >
        {(a) => t(`account.${a}`)}
      </ChoiceGroup>
      <div id="wallet-tabpanel" role="tabpanel" aria-labelledby={`wallet-tab-${account}`}>
        <div className="wallet-accounts__bar">
          <div className="wallet-accounts__value">
            <span className="wallet-accounts__value-label">
              {t('accountValue', { account: t(`account.${account}`) })}
            </span>
            <span className="wallet-accounts__value-num" data-testid="wallet-account-value">
              {portfolio.hasData ? `≈ ${amount(roundValue(value.value))} USDT` : '--'}
            </span>
          </div>
          <label className="wallet-toggle">
            <input
              type="checkbox"
              checked={hideSmall}
              onChange={(e) => setHideSmall(e.currentTarget.checked)}
              data-testid="wallet-hide-small"
            />
            <span>{t('hideSmall')}</span>
          </label>
        </div>
        {body}
      </div>
    </section>
  );
}

/** The whole overview in one piece: total with actions, then the account tabs. */
export function AssetsOverview({ layout, onTransfer }: AssetsOverviewProps) {
  const { t } = useTranslation('wallet');
  const portfolio = usePortfolio();
  return (
    <div className={`wallet-overview wallet-overview--${layout}`} data-testid="assets-overview">
      <div className="wallet-overview__side">
        <TotalCard portfolio={portfolio}>
          <WalletActions layout={layout} onTransfer={() => onTransfer()} />
        </TotalCard>
        {layout === 'desktop' ? (
          <nav className="wallet-links" aria-label={t('action.records')}>
            <Link to={WALLET_PATHS.cashflow}>{t('action.cashflow')}</Link>
          </nav>
        ) : null}
      </div>
      <AccountTabs portfolio={portfolio} layout={layout} onTransfer={onTransfer} />
      {layout === 'phone' ? (
        <Link className="wallet-cashflow" to={WALLET_PATHS.cashflow}>
          {t('action.cashflow')}
        </Link>
      ) : null}
    </div>
  );
}

/** Desktop /wallet: the total and a way to the assets page, beside the account hub. */
export function AssetsSummaryCard() {
  const { t } = useTranslation('wallet');
  const portfolio = usePortfolio();
  return (
    <TotalCard portfolio={portfolio}>
      <Link
        to={WALLET_PATHS.assets}
        className="fbtn fbtn--primary fbtn--block wallet-total__cta"
        data-testid="wallet-view-assets"
      >
        {t('summary.view')}
      </Link>
    </TotalCard>
  );
}
