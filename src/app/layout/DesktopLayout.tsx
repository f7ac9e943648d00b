/**
 * Desktop layout (1024 px and wider): the top navigation, the sidebar on account-style pages, the middle
 * menu's shortcuts on home, the screen, and the footer with the bottom menu.
 */
import { Outlet, useLocation } from 'react-router';
import { DesktopNav } from './DesktopNav';
import { DesktopFooter } from './DesktopFooter';
import { MiddleMenu } from './MiddleMenu';
import { Sidebar } from './Sidebar';
import { normalise, showsDesktopSidebar } from './navConfig';
import './layout.css';
import { APP_PATHS } from '../ui/appPaths';

export function DesktopLayout() {
  const { pathname } = useLocation();
  const withSidebar = showsDesktopSidebar(pathname);
  const isHome = normalise(pathname) === APP_PATHS.markets.home;
  return (
    <div className="layout layout--desktop">
      <DesktopNav />
      <div className={`layout__body${withSidebar ? ' layout__body--sidebar' : ''}`}>
        {withSidebar && <Sidebar />}
        <main id="main" className="layout__main">
          {isHome && <MiddleMenu />}
          <Outlet />
        </main>
      </div>
      <DesktopFooter />
    </div>
  );
}
