/** Phone layout (below 1024 px): the screen, the bottom tab bar on the paths of 2.2, and the app sidebar drawer. */
import { Outlet, useLocation } from 'react-router';
import { TabBar } from './TabBar';
import { AppSidebar } from './Sidebar';
import { showsTabBar } from './navConfig';
import { InboxSync } from '../features/messages/data';
import './layout.css';

export function PhoneLayout() {
  const { pathname } = useLocation();
  const withTabs = showsTabBar(pathname);
  return (
    <div className={`layout layout--phone${withTabs ? ' layout--with-tabbar' : ''}`}>
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <TabBar />
      <InboxSync />
      <AppSidebar />
    </div>
  );
}
