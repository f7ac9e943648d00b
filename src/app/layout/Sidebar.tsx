/**
 * The sidebars of spec 2.4 (entries with key, name, jump URL, jump type 'path', sort, open flag, logo).
 * `Sidebar` is the desktop column; `AppSidebar.tsx` the phone drawer.
 */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavIcon } from './NavIcon';
import { DESKTOP_SIDEBAR, visibleSidebar, type SidebarEntry } from './navConfig';
import './sidebar.css';

export function SidebarEntries({ entries, onPick }: { entries: readonly SidebarEntry[]; onPick?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <ul className="sidebar__list">
      {visibleSidebar(entries).map((e) => (
        <li key={e.key}>
          <NavLink
            to={e.jumpUrl}
            className={({ isActive }) => `menu-row sidebar__link${isActive ? ' is-active' : ''}`}
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
      <SidebarEntries entries={DESKTOP_SIDEBAR} />
    </nav>
  );
}
