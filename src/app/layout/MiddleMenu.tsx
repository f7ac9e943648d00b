/** The middle menu of spec 2.4: five shortcuts (trade, recharge, proxy, futures, option). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavIcon } from './NavIcon';
import { MIDDLE_MENU } from './navConfig';
import './desktop.css';

export function MiddleMenu() {
  const { t } = useTranslation('common');
  return (
    <nav className="mmenu" aria-label={t('nav.shortcuts')}>
      <ul>
        {MIDDLE_MENU.map((e) => (
          <li key={e.key}>
            <Link to={e.path} className="mmenu__item">
              <span className="mmenu__icon">
                <NavIcon name={e.icon} size={22} />
              </span>
              <span>{t(e.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
