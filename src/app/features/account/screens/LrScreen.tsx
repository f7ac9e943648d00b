/**
 * /lr: where signed-out visitors land (spec 4.2): choose to sign in or to create an account.
 * Signed in, it shows who is signed in, with a way on and a sign-out button.
 */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { RETURN_PARAM, withReturn } from '../../../ui/appPaths';
import { session } from '../../../state/session';
import { Logo } from '../../../ui/Logo';
import { AuthShell } from '../components/AuthShell';
import { SignOutButton } from '../components/SignOutButton';
import { displayName } from '../model/displayName';
import { ACCOUNT_PATHS } from '../paths';

export default function LrScreen() {
  const { t } = useTranslation('account');
  // PUB-2: the path the guard stopped the visitor on travels on to sign-in and registration.
  const back = useSearchParams()[0].get(RETURN_PARAM);
  const snap = useSnapshot(session);
  return (
    <AuthShell title={t('lr.title')} back="/">
      <div className="auth__hero">
        <div className="auth__logo">
          <Logo mark size={64} />
        </div>
        <h2 className="auth__title">{t('lr.heading')}</h2>
        <p className="auth__sub">{t('lr.sub')}</p>
      </div>
      {snap.isSign ? (
        <div className="auth__actions">
          <p className="acc-info" role="status">
            {t('lr.signedInAs', { name: displayName(snap.userInfo) })}
          </p>
          <Link className="fbtn fbtn--primary fbtn--block" to={ACCOUNT_PATHS.setpwd}>
            {t('lr.security')}
          </Link>
          <SignOutButton />
        </div>
      ) : (
        <div className="auth__actions">
          <Link className="fbtn fbtn--primary fbtn--block" to={withReturn(ACCOUNT_PATHS.login, back)}>
            {t('lr.login')}
          </Link>
          <Link className="fbtn fbtn--secondary fbtn--block" to={withReturn(ACCOUNT_PATHS.register, back)}>
            {t('lr.register')}
          </Link>
        </div>
      )}
    </AuthShell>
  );
}
