/** The desktop footer: the bottom menu, the support pages, the risk note and the rights line. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BottomMenu } from './BottomMenu';
import { Logo } from '../ui/Logo';
import { APP_PATHS } from '../ui/appPaths';
import { LanguageButton } from '../ui/language/LanguageButton';
import { useHasDownloads } from '../ui/operatorLinks';
import './desktop.css';
import { clock } from '../time/clock';

const SUPPORT = [
  { label: 'nav.download', path: APP_PATHS.content.download },
  { label: 'nav.help', path: APP_PATHS.content.help },
  { label: 'nav.about', path: APP_PATHS.content.about },
  { label: 'nav.terms', path: APP_PATHS.content.terms },
];

export function DesktopFooter() {
  const { t } = useTranslation('common');
  const hasDownloads = useHasDownloads();
  return (
    <footer className="dfoot">
      <div className="dfoot__inner">
        <div className="dfoot__cols">
          <div className="dfoot__brand">
            <Logo />
            <p className="dfoot__risk">{t('footer.risk')}</p>
          </div>
          <BottomMenu />
          <nav className="dfoot__menu" aria-label={t('nav.support')}>
            <ul className="stack-list">
              {SUPPORT.filter((e) => hasDownloads || e.path !== APP_PATHS.content.download).map((e) => (
                <li key={e.path}>
                  <Link to={e.path}>{t(e.label)}</Link>
                </li>
              ))}
              <li>
                {/* LANG-8: the same language sheet as the navigation, so it works signed out too. */}
                <LanguageButton className="dfoot__lang">{t('nav.language')}</LanguageButton>
              </li>
            </ul>
          </nav>
        </div>
        <p className="dfoot__rights">{t('footer.rights', { year: new Date(clock.now()).getFullYear() })}</p>
      </div>
    </footer>
  );
}
