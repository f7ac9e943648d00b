/** The bottom menu of spec 2.4: six entries (home, trade, option, follow, proxy, assets); proxy is hidden by default. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BOTTOM_MENU } from './navConfig';
import './desktop.css';

export function BottomMenu() {
  const { t } = useTranslation('common');
  return (
    <nav className="dfoot__menu" aria-label={t('nav.footer')} data-testid="bottom-menu">
      <ul className="stack-list">
        {BOTTOM_MENU.filter((e) => e.isOpen).map((e) => (
          <li key={e.key}>
            <Link to={e.path}>{t(e.label)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
