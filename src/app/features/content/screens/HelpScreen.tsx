/** Help centre (/help): the HELP rule texts as a list of articles; each opens /helpDetail/{id}. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { IconChevron } from '../../../ui/icons';
import { RemoteView, useRules } from '../components/Content';
import '../../../ui/page.css';
import './HelpScreen.css';
import { helpDetailPath } from '../paths';

export default function HelpScreen() {
  const { t } = useTranslation('market');
  const rules = useRules('HELP');
  return (
    <div className="mk-page">
      <TopBar title={t('helpTitle')} back />
      <div className="mk-wrap mk-narrow">
        <RemoteView remote={rules} isEmpty={(d) => d.length === 0}>
          {(items) => (
            <ul className="help-list">
              {items.map((it) => (
                <li key={it.id}>
                  <Link to={helpDetailPath(it.id)} className="help-item">
                    <span>{it.title}</span>
                    <IconChevron size={16} className="help-chevron" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </RemoteView>
      </div>
    </div>
  );
}
