/**
 * The bottom tab bar (spec 2.2): a navigation landmark of five links, shown only on the seven listed paths.
 * The trade entry has the raised 45 px centre icon; the others use 20 px icons.
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavIcon } from './NavIcon';
import { MyTabBadge } from './MyTabBadge';
import { TAB_BAR, TAB_BAR_CENTER_KEY, activeTabKey, showsTabBar } from './navConfig';
import './tabbar.css';

export function TabBar() {
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  if (!showsTabBar(pathname)) return null;
  const active = activeTabKey(pathname);
  return (
    <nav className="tabbar" aria-label={t('nav.tabs')} data-testid="tabbar">
      <ul className="tabbar__list">
        {TAB_BAR.map((tab) => {
          const isActive = tab.key === active;
          const center = tab.key === TAB_BAR_CENTER_KEY;
          return (
            <li key={tab.key} className="tabbar__item">
              <Link
                to={tab.path}
                className={`tabbar__link${isActive ? ' is-active' : ''}${center ? ' tabbar__link--center' : ''}`}
                aria-current={isActive ? 'page' : undefined}
              >
                {center ? (
                  <span className="tabbar__center" aria-hidden="true">
                    <NavIcon name={tab.icon} size={26} />
                  </span>
                ) : (
                  <NavIcon name={tab.icon} size={20} className="tabbar__icon" />
                )}
                <span className="tabbar__label">{t(tab.label)}</span>
                {tab.key === 'my' ? <MyTabBadge /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
