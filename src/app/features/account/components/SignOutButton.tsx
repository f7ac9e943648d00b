/** The account screens' sign-out button (/lr signed in, /setpwd): signs out, then lands on /lr. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../session/actions';
import { ACCOUNT_PATHS } from '../paths';

export function SignOutButton() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const out = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    navigate(ACCOUNT_PATHS.lr, { replace: true });
  };
  return (
    <button type="button" className="fbtn fbtn--ghost fbtn--block" onClick={out} disabled={busy} data-action="sign-out">
      {t('lr.signOut')}
    </button>
  );
}
