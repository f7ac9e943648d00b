/** Phone layout (below 1024 px): the screen, the bottom tab bar on the paths of 2.2, and the app sidebar drawer. */
import { Outlet, useLocation } from 'react-router';
import { TabBar } from './TabBar';
import { useSnapshot } from 'valtio';
import { loadOnOpen } from '../ui/loadOnOpen';
import { sidebarState } from '../ui/sidebarState';
import { showsTabBar } from './navConfig';
import './layout.css';
// After the layout's styles: the inbox's door brings the inbox's styles, which came after them before (ROOM-2).
import { InboxSync } from '../features/messages';

const AppSidebar = loadOnOpen(() => import('./AppSidebar').then((m) => m.AppSidebar));

export function PhoneLayout() {
  const { open: sidebarOpen } = useSnapshot(sidebarState);
  const { pathname } = useLocation();
  const withTabs = showsTabBar(pathname);
  return (
    <div className={`layout layout--phone${withTabs ? ' layout--with-tabbar' : ''}`}>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <TabBar />
      <InboxSync />
      <AppSidebar open={sidebarOpen} />
    </div>
  );
}
