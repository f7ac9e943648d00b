/** The desktop top navigation: brand, primary links, and search / connection / service / language / account. */
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { withReturn } from '../ui/appPaths';
import { session } from '../state/session';
import { openCustomerService } from '../ui/customerService';
import { useHasService } from '../ui/operatorLinks';
import { ConnectionIndicator } from '../market/ConnectionIndicator';
import { IconSearch, IconService } from '../ui/icons';
import { AccountMenu } from './AccountMenu';
import { Logo } from '../ui/Logo';
import { normalise } from './navConfig';
import { MARKETS_PATHS } from '../features/markets/paths';
import { TRADE_PATHS } from '../features/trade/paths';
import { LanguageButton } from '../ui/language/LanguageButton';
import { ACCOUNT_PATHS } from '../features/account/paths';
import { WALLET_PATHS } from '../features/wallet/paths';
import { FINANCE_PATHS } from '../features/finance/paths';
import { COPY_PATHS } from '../features/copy/paths';
import { InboxBell } from '../features/messages';
import './desktop.css';

const PRIMARY = [
  { key: 'markets', label: 'nav.markets', path: MARKETS_PATHS.markets },
  { key: 'trade', label: 'nav.trade', path: TRADE_PATHS.spot },
  { key: 'futures', label: 'nav.futures', path: TRADE_PATHS.futures },
  { key: 'option', label: 'nav.option', path: TRADE_PATHS.option },
  { key: 'finance', label: 'nav.finance', path: FINANCE_PATHS.finance },
  { key: 'follow', label: 'nav.follow', path: COPY_PATHS.follow },
];

/** Screens that show live market data; elsewhere the connection badge would only say "connecting". */
const LIVE_PATHS: readonly string[] = [
  MARKETS_PATHS.home,
  MARKETS_PATHS.markets,
  MARKETS_PATHS.search,
  TRADE_PATHS.spot,
  TRADE_PATHS.seconds,
  TRADE_PATHS.futures,
  TRADE_PATHS.options,
  TRADE_PATHS.option,
];

export function DesktopNav() {
  const { t } = useTranslation('common');
  const hasService = useHasService();
  const { pathname, search } = useLocation();
  const { isSign } = useSnapshot(session);
  return (
    <header className="dnav">
      <div className="dnav__inner">
        <Link to={MARKETS_PATHS.home} className="dnav__brand">
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
          {LIVE_PATHS.includes(normalise(pathname)) && <ConnectionIndicator />}
          <Link to={MARKETS_PATHS.search} className="dnav__icon" aria-label={t('nav.search')}>
            <IconSearch size={20} />
          </Link>
          {hasService && (
            <button
              type="button"
              className="dnav__icon"
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
              <Link to={WALLET_PATHS.assets} className="btn btn--ghost dnav__btn">
                {t('nav.assets')}
              </Link>
              <AccountMenu />
            </>
          ) : (
            <>
              {/* PUB-2: signing in or registering from here returns to this page. */}
              <Link to={withReturn(ACCOUNT_PATHS.login, pathname + search)} className="dnav__text-link">
                {t('nav.login')}
              </Link>
              <Link to={withReturn(ACCOUNT_PATHS.register, pathname + search)} className="btn btn--primary dnav__btn">
                {t('nav.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
