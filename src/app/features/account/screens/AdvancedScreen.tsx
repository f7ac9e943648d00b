/** /advanced: senior (advanced) identity verification (desktop navigation entry of spec 2.4; works on phones too). */
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/AuthShell';
import { KycForm } from '../components/KycForm';
import { ACCOUNT_PATHS } from '../paths';

export default function AdvancedScreen() {
  const { t } = useTranslation('account');
  return (
    <AuthShell
      title={t('kyc.seniorName')}
      heading={t('kyc.heading')}
      sub={t('kyc.seniorText')}
      back={ACCOUNT_PATHS.userAuth}
      wide
    >
      <KycForm level="senior" />
    </AuthShell>
  );
}
