/**
 * The sidebars of spec 2.4 (entries with key, name, jump URL, jump type 'path', sort, open flag, logo).
 * `Sidebar` is the desktop column; `AppSidebar` the phone drawer (a Popup layer, so it starts at z-index 2000).
 */
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { NavIcon } from './NavIcon';
import { APP_SIDEBAR, DESKTOP_SIDEBAR, visibleSidebar, type SidebarEntry } from './navConfig';
import { closeAppSidebar, sidebarState } from './sidebarState';
import { Popup } from '../ui/Popup';
import { openCustomerService } from '../ui/customerService';
import { IconChevron, IconService } from './icons';
import './sidebar.css';

function Entries({ entries, onPick }: { entries: readonly SidebarEntry[]; onPick?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <ul className="sidebar__list">
      {visibleSidebar(entries).map((e) => (
        <li key={e.key}>
          <NavLink
            to={e.jumpUrl}
            className={({ isActive }) => `sidebar__link${isActive ? ' is-active' : ''}`}
            onClick={onPick}
            end
          >
            <NavIcon name={e.logo} size={20} className="sidebar__icon" />
            <span className="sidebar__name">{t(e.name)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Sidebar() {
  const { t } = useTranslation('common');
  return (
    <nav className="sidebar" aria-label={t('nav.sidebar')}>
      <Entries entries={DESKTOP_SIDEBAR} />
    </nav>
  );
}

export function AppSidebar() {
  const { open } = useSnapshot(sidebarState);
  const { t } = useTranslation('common');
  useLocation(); // re-render on navigation
  return (
    <Popup open={open} onClose={closeAppSidebar} title={t('nav.menu')} variant="sheet">
      <nav aria-label={t('nav.sidebar')} className="sidebar sidebar--drawer">
        <Entries entries={APP_SIDEBAR} onPick={closeAppSidebar} />
        <button
          type="button"
          className="sidebar__link sidebar__button"
          onClick={() => {
            closeAppSidebar();
            openCustomerService();
          }}
        >
          <IconService size={20} className="sidebar__icon" />
          <span className="sidebar__name">{t('nav.service')}</span>
          <IconChevron size={16} />
        </button>
      </nav>
    </Popup>
  );
}
