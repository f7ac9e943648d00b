/** The phone's app sidebar (a drawer in a Popup layer, so it starts at z-index 2000), loaded the first time it opens. */
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SidebarEntries } from './Sidebar';
import { APP_SIDEBAR } from './navConfig';
import { closeAppSidebar, sidebarState } from '../ui/sidebarState';
import { Popup } from '../ui/Popup';
import { openCustomerService } from '../ui/customerService';
import { useHasService } from '../ui/operatorLinks';
import { IconChevron, IconService } from '../ui/icons';
import './sidebar.css';

export function AppSidebar() {
  const { open } = useSnapshot(sidebarState);
  const { t } = useTranslation('common');
  useLocation(); // re-render on navigation
  const hasService = useHasService();
  return (
    <Popup open={open} onClose={closeAppSidebar} title={t('nav.menu')} variant="sheet">
      <nav aria-label={t('nav.sidebar')} className="sidebar sidebar--drawer">
        <SidebarEntries entries={APP_SIDEBAR} onPick={closeAppSidebar} />
        {hasService && (
          <button
            type="button"
            className="menu-row sidebar__link sidebar__button"
            onClick={() => {
              closeAppSidebar();
              openCustomerService();
            }}
          >
            <IconService size={20} className="sidebar__icon" />
            <span className="sidebar__name">{t('nav.service')}</span>
            <IconChevron size={16} />
          </button>
        )}
      </nav>
    </Popup>
  );
}
