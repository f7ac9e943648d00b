/**
 * The assets page (/assets, NAV-5, WAL-1), laid out as a major exchange's wallet overview: on desktop the total
 * with the actions and the record links on the left, the account tabs and the coin table on the right; on the
 * phone one column (the same overview as "My").
 */
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { AssetsOverview } from '../components/AssetsOverview';
import { useTransferSheet } from '../components/TransferSheet';

export default function AssetsScreen() {
  const { t } = useTranslation(['wallet', 'common']);
  const desktop = useIsDesktop();
  const transfer = useTransferSheet();
  return (
    <div className="wallet-screen wallet-screen--assets" data-testid="assets-screen">
      <TopBar title={t('common:title.assets')} back={!desktop} />
      <div className="wallet-screen__assets">
        <AssetsOverview layout={desktop ? 'desktop' : 'phone'} onTransfer={transfer.open} />
      </div>
      {transfer.sheet}
    </div>
  );
}
