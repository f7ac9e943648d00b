/**
 * Home (/): a welcome banner, shortcuts, and the HOME_COIN_SETTING coins live from the engine, each with
 * price, 24 h change, volume and a sparkline. Desktop adds three highlight cards; the desktop middle menu
 * is the shell's.
 */
import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../../state/settings';
import { session } from '../../../state/session';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { IconDownload, IconGlobe, IconMarkets, IconSearch, IconService, IconTrade } from '../../../ui/icons';
import { homeRows, type CoinLists, type MarketRow } from '../../../market/coins';
import { MODE_PATH, tradeHref } from '../../../market/playing';
import { MarketTable } from '../components/MarketTable';
import { HighlightCard } from '../components/HighlightCard';
import '../../../ui/page.css';
import './HomeScreen.css';
import { MARKETS_PATHS } from '../paths';
import { APP_PATHS } from '../../../ui/appPaths';
import { Logo } from '../../../ui/Logo';
import { LanguageButton } from '../../../ui/language/LanguageButton';
import { NoticeDialogs, NoticeStrip, useHomeNoticesSettled } from '../../content';
import { InboxBell } from '../../messages';
import { useHasDownloads } from '../../../ui/operatorLinks';
import { useDocumentTitle } from '../../../ui/documentTitle';

export default function HomeScreen() {
  const { t } = useTranslation('market');
  useDocumentTitle(t('common:nav.home')); // A11Y-17: home has no top bar
  const desktop = useIsDesktop();
  const snap = useSnapshot(settings);
  const { isSign } = useSnapshot(session);
  const rows: MarketRow[] = useMemo(
    () => homeRows(snap.config.HOME_COIN_SETTING, snap.coins as unknown as CoinLists),
    [snap.config, snap.coins],
  );
  const first = rows[0];
  // PERF-96: the notices' answer comes from a store (a synchronous update): the lower part it reveals (the shortcuts,
  // the list and its sparklines) renders as a deferred update, in slices that yield, not in one long task.
  const noticesSettled = useDeferredValue(useHomeNoticesSettled());
  const hasDownloads = useHasDownloads();
  const shortcuts = [
    { to: MARKETS_PATHS.markets, label: t('shortcutMarkets'), Icon: IconMarkets },
    {
      to: first ? tradeHref(first.list, first.symbol) : MODE_PATH.BBTrading,
      label: t('shortcutTrade'),
      Icon: IconTrade,
    },
    ...(hasDownloads ? [{ to: APP_PATHS.content.download, label: t('shortcutDownload'), Icon: IconDownload }] : []),
    { to: APP_PATHS.content.help, label: t('shortcutHelp'), Icon: IconService },
  ];

  return (
    <div className={`home${desktop ? ' home--desktop' : ''}`}>
      {!desktop && (
        <div className="mk-bar home-bar">
          <span className="home-brand">
            <Logo mark size={28} />
          </span>
          <Link to={MARKETS_PATHS.search} className="mk-search-box home-search">
            <IconSearch size={16} />
            <span>{t('searchPlaceholder')}</span>
          </Link>
          <LanguageButton className="home-icon" />
          <InboxBell />
        </div>
      )}

      <section className="home-hero">
        <div className="home-hero__text">
          <h1>{t('heroTitle')}</h1>
          <p>{t('heroSubtitle')}</p>
          <div className="home-hero__cta">
            {isSign ? (
              <Link className="btn btn--primary" to={first ? tradeHref(first.list, first.symbol) : MODE_PATH.BBTrading}>
                {t('heroTrade')}
              </Link>
            ) : (
              <Link className="btn btn--primary" to={APP_PATHS.account.register}>
                {t('heroSignUp')}
              </Link>
            )}
            <Link className="btn btn--ghost" to={MARKETS_PATHS.markets}>
              {t('heroMarkets')}
            </Link>
          </div>
        </div>
        {desktop && (
          <div className="home-hero__cards">
            {rows.slice(0, 3).map((r) => (
              <HighlightCard key={r.key} row={r} />
            ))}
          </div>
        )}
      </section>

      {noticesSettled ? (
        <>
          <NoticeStrip />
          <NoticeDialogs />

          {!desktop && (
            <nav className="home-shortcuts" aria-label={t('shortcuts')}>
              {shortcuts.map(({ to, label, Icon }) => (
                <Link key={label} to={to} className="home-shortcut">
                  <span className="home-shortcut__icon">
                    <Icon size={22} />
                  </span>
                  <span className="home-shortcut__label">{label}</span>
                </Link>
              ))}
              <LanguageButton className="home-shortcut">
                <span className="home-shortcut__icon">
                  <IconGlobe size={22} />
                </span>
                <span className="home-shortcut__label">{t('shortcutLanguage')}</span>
              </LanguageButton>
            </nav>
          )}

          <section className="home-markets" aria-labelledby="home-popular">
            <div className="home-section-head">
              <h2 id="home-popular">{t('popular')}</h2>
              <Link to={MARKETS_PATHS.markets} className="home-more">
                {t('viewAll')}
              </Link>
            </div>
            <MarketTable rows={rows} variant={desktop ? 'desktop' : 'phone'} caption={t('popular')} spark />
          </section>
        </>
      ) : (
        <div className="home-pending" aria-busy="true" />
      )}
    </div>
  );
}
