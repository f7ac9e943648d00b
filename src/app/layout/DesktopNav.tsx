/** The desktop top navigation: brand, primary links, and search / connection / service / language / account. */
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { APP_PATHS, withReturn } from '../ui/appPaths';
import { session } from '../state/session';
import { openCustomerService } from '../ui/customerService';
import { useHasService } from '../ui/operatorLinks';
import { ConnectionIndicator } from '../market/ConnectionIndicator';
import { IconSearch, IconService } from '../ui/icons';
import { AccountMenu } from './AccountMenu';
import { Logo } from '../ui/Logo';
import { MARKET_SCREENS, normalise } from './navConfig';
import { LanguageButton } from '../ui/language/LanguageButton';
import { InboxBell } from '../features/messages';
import './desktop.css';

const PRIMARY = [
  { key: 'markets', label: 'nav.markets', path: APP_PATHS.markets.markets },
  { key: 'trade', label: 'nav.trade', path: APP_PATHS.trade.spot },
  { key: 'futures', label: 'nav.futures', path: APP_PATHS.trade.futures },
  { key: 'option', label: 'nav.option', path: APP_PATHS.trade.option },
  { key: 'finance', label: 'nav.finance', path: APP_PATHS.finance.finance },
  { key: 'follow', label: 'nav.follow', path: APP_PATHS.copy.follow },
];

export function DesktopNav() {
  const { t } = useTranslation('common');
  const hasService = useHasService();
  const { pathname, search } = useLocation();
  const { isSign } = useSnapshot(session);
  return (
    <header className="dnav">
      <div className="dnav__inner">
        <Link to={APP_PATHS.markets.home} className="dnav__brand">
          <Logo />
        </Link>
        <nav className="dnav__primary" aria-label={t('nav.main')}>
          <ul>
            {PRIMARY.map((e) => (
              <li key={e.key}>
                <NavLink to={e.path} className={({ isActive }) => `dnav__link${isActive ? ' is-active' : ''}`} end>
                  {t(e.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="dnav__tools">
          {/* Elsewhere the connection badge would only say "connecting". */}
          {MARKET_SCREENS.includes(normalise(pathname)) && <ConnectionIndicator />}
          <Link to={APP_PATHS.markets.search} className="icon-btn dnav__icon" aria-label={t('nav.search')}>
            <IconSearch size={20} />
          </Link>
          {hasService && (
            <button
              type="button"
              className="icon-btn dnav__icon"
              onClick={() => openCustomerService()}
              aria-label={t('nav.service')}
            >
              <IconService size={20} />
            </button>
          )}
          <LanguageButton showName className="dnav__lang" />
          {isSign ? (
            <>
              <InboxBell />
              <Link to={APP_PATHS.wallet.assets} className="btn btn--ghost dnav__btn">
                {t('nav.assets')}
              </Link>
              <AccountMenu />
            </>
          ) : (
            <>
              {/* PUB-2: signing in or registering from here returns to this page. */}
              <Link to={withReturn(APP_PATHS.account.login, pathname + search)} className="dnav__text-link">
                {t('nav.login')}
              </Link>
              <Link
                to={withReturn(APP_PATHS.account.register, pathname + search)}
                className="btn btn--primary dnav__btn"
              >
                {t('nav.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
