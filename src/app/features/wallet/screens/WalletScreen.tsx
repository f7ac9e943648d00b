/**
 * "My" (/wallet, LAYOUT-4, WAL-1). Phone: the assets overview on top (total, actions, account tabs, coins) and
 * the account hub below it. Desktop: the account hub, with a summary of the assets beside it that leads to
 * /assets, the full wallet page. The phone keeps the menu button of LAYOUT-3 (the app sidebar).
 */
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { IconMenu } from '../../../ui/icons';
import { openAppSidebar } from '../../../ui/sidebarState';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { AccountHub } from '../../account';
import { InboxBell } from '../../messages';
import { AssetsOverview, AssetsSummaryCard } from '../components/AssetsOverview';
import { useTransferSheet } from '../components/TransferSheet';
import { VipCard } from '../../growth';

export default function WalletScreen() {
  const { t } = useTranslation(['wallet', 'common']);
  const desktop = useIsDesktop();
  const transfer = useTransferSheet();
  const menu = desktop ? undefined : (
    <>
      <InboxBell />
      <button type="button" className="icon-btn" onClick={openAppSidebar} aria-label={t('common:nav.menu')}>
        <IconMenu size={22} />
      </button>
    </>
  );
  return (
    <div className="wallet-screen" data-testid="wallet-screen">
      <TopBar title={t('common:title.wallet')} right={menu} />
      {desktop ? (
        <AccountHub
          aside={
            <>
              <AssetsSummaryCard />
              <VipCard />
            </>
          }
        />
      ) : (
        <>
          <div className="wallet-screen__assets">
            <AssetsOverview layout="phone" onTransfer={transfer.open} />
          </div>
          <VipCard className="wel-vip--my" />
          <AccountHub />
        </>
      )}
      {transfer.sheet}
    </div>
  );
}
