/**
 * Download (/download): the app links of DOWNLOAD_SETTING (name android/apple, url, sort, isOpen), open
 * entries with a link, by sort. No link configured → an honest empty state.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TopBar } from '../../../ui/TopBar';
import { IconDownload } from '../../../ui/icons';
import { EmptyState } from '../../../ui/EmptyState';
import { settings } from '../../../state/settings';
import { downloadLinks } from '../../../../shared/downloads';
import { runtimeConfig } from '../../../api/runtimeConfig';
import '../../../ui/page.css';
import './DownloadScreen.css';

export default function DownloadScreen() {
  const { t } = useTranslation('market');
  const snap = useSnapshot(settings);
  // DEPLOY-2: the platform's links, else config.json's.
  const links = useMemo(() => {
    const fromPlatform = downloadLinks(snap.config.DOWNLOAD_SETTING);
    if (fromPlatform.length) return fromPlatform;
    const d = runtimeConfig().downloadUrls ?? {};
    return downloadLinks([
      { name: 'android', url: d.android, isOpen: 'Y' },
      { name: 'apple', url: d.apple, isOpen: 'Y' },
    ]);
  }, [snap.config]);
  return (
    <div className="mk-page">
      <TopBar title={t('downloadTitle')} back />
      <div className="mk-wrap mk-narrow dl">
        <div className="dl-hero">
          <span className="dl-icon" aria-hidden="true">
            <IconDownload size={36} />
          </span>
          <h2>{t('downloadHeadline')}</h2>
          <p>{t('downloadBody')}</p>
        </div>
        {links.length ? (
          <ul className="dl-list">
            {links.map((l) => (
              <li key={l.name}>
                <a
                  className="btn btn--primary dl-btn"
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-platform={l.name}
                >
                  {l.name === 'android' ? t('downloadAndroid') : t('downloadApple')}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('downloadNone')} compact />
        )}
      </div>
    </div>
  );
}
