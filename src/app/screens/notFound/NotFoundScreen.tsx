/** Any path outside the route table. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../ui/TopBar';
import { EmptyState } from '../../ui/EmptyState';
import { HOME_PATH } from '../../ui/appPaths';

export default function NotFoundScreen() {
  const { t } = useTranslation('common');
  return (
    <div data-testid="not-found-screen">
      <TopBar title={t('title.notFound')} back />
      <EmptyState
        title={t('title.notFound')}
        description={t('ui.notFoundDesc')}
        action={
          <Link to={HOME_PATH} className="btn btn--primary">
            {t('ui.backHome')}
          </Link>
        }
      />
    </div>
  );
}
