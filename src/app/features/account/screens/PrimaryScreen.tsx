/** /primary: primary identity verification (desktop navigation entry of spec 2.4; works on phones too). */
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/AuthShell';
import { KycForm } from '../components/KycForm';
import { ACCOUNT_PATHS } from '../paths';

export default function PrimaryScreen() {
  const { t } = useTranslation('account');
  return (
    <AuthShell
      title={t('kyc.primaryName')}
      heading={t('kyc.heading')}
      sub={t('kyc.primaryText')}
      back={ACCOUNT_PATHS.userAuth}
      wide
    >
      <KycForm level="primary" />
    </AuthShell>
  );
}
