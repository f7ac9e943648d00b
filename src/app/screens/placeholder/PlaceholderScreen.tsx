/**
 * Screens that belong to later issues: a real top bar and title, and an honest "coming soon" state.
 * Nothing here pretends to work: no fake balances, no disabled forms.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../layout/TopBar';
import { EmptyState } from '../../ui/EmptyState';
import { IconMenu } from '../../layout/icons';
import { openAppSidebar } from '../../layout/sidebarState';
import { useIsDesktop } from '../../layout/useIsDesktop';
import { MARKETS_PATHS } from '../../features/markets/paths';

export interface PlaceholderScreenProps {
  /** Key under `title.` in the common namespace. */
  titleKey: string;
  /** Tab-bar screens have no back button; a path sends the back button there. */
  back?: boolean | string;
  /** Phone: a menu button that opens the app sidebar (language, help, customer service...). */
  menu?: boolean;
}

export default function PlaceholderScreen({ titleKey, back = true, menu = false }: PlaceholderScreenProps) {
  const { t } = useTranslation('common');
  const desktop = useIsDesktop();
  const right =
    menu && !desktop ? (
      <button type="button" className="topbar__icon-btn" onClick={openAppSidebar} aria-label={t('nav.menu')}>
        <IconMenu size={22} />
      </button>
    ) : undefined;
  return (
    <div className="placeholder-screen" data-testid="placeholder-screen">
      <TopBar title={t(`title.${titleKey}`)} back={back} right={right} />
      <EmptyState
        title={t('ui.comingSoon')}
        description={t('ui.comingSoonDesc')}
        action={
          <Link to={MARKETS_PATHS.home} className="btn btn--ghost">
            {t('ui.backHome')}
          </Link>
        }
      />
    </div>
  );
}
