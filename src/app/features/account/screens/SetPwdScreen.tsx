/**
 * /setpwd: the account's security centre: login password, trade (fund) password, email, phone, identity
 * verification, each with its state and a link to its screen; and sign-out.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { IconChevron } from '../../../ui/icons';
import { session } from '../../../state/session';
import { AuthShell } from '../components/AuthShell';
import { SignOutButton } from '../components/SignOutButton';
import { displayName } from '../model/displayName';
import { KycBadge } from '../components/KycBadge';
import { kycSummary } from '../model/kyc';
import { ACCOUNT_PATHS } from '../paths';

function Row({ to, label, value }: { to: string; label: string; value: React.ReactNode }) {
  return (
    <Link className="acc-row" to={to}>
      <span className="acc-row__label">{label}</span>
      <span className="acc-row__value">{value}</span>
      <IconChevron size={18} className="acc-row__chev" />
    </Link>
  );
}

export default function SetPwdScreen() {
  const { t } = useTranslation('account');
  const { userInfo: u } = useSnapshot(session);
  return (
    <AuthShell
      title={t('security.title')}
      heading={displayName(u)}
      sub={u ? t('security.uid', { uid: u.uid }) : undefined}
    >
      <div className="acc-rows">
        <Row to={ACCOUNT_PATHS.changePassword} label={t('security.loginPassword')} value={t('security.change')} />
        <Row
          to={ACCOUNT_PATHS.fundPassword}
          label={t('security.tradePassword')}
          value={u?.hasTradePwd ? t('security.change') : t('security.notSet')}
        />
        <Row to={ACCOUNT_PATHS.emailAuth} label={t('security.email')} value={u?.email || t('security.notBound')} />
        <Row to={ACCOUNT_PATHS.phoneAuth} label={t('security.phone')} value={u?.phone || t('security.notBound')} />
        <Row
          to={ACCOUNT_PATHS.userAuth}
          label={t('security.identity')}
          value={u ? <KycBadge state={kycSummary(u.kyc)} /> : null}
        />
      </div>
      <div className="auth__actions" style={{ marginBlockStart: 'var(--space-6)' }}>
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
