/** What the signed-in tabs of /follow show signed out: a sign-in link (FOLUI-8). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { APP_PATHS } from '../../../ui/appPaths';

export function SignInFirst() {
  const { t } = useTranslation('follow');
  return (
    <EmptyState
      title={t('signIn.title')}
      action={
        <Link className="cp-btn cp-btn--primary" to={APP_PATHS.account.login} data-testid="follow-login">
          {t('signIn.action')}
        </Link>
      }
    />
  );
}
