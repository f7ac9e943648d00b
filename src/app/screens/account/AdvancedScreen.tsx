/** /advanced: senior (advanced) identity verification (desktop navigation entry of spec 2.4; works on phones too). */
import { useTranslation } from 'react-i18next';
import { AuthShell } from './AuthShell';
import { KycForm } from './KycForm';

export default function AdvancedScreen() {
  const { t } = useTranslation('account');
  return (
    <AuthShell title={t('kyc.seniorName')} heading={t('kyc.heading')} sub={t('kyc.seniorText')} back="/userauth" wide>
      <KycForm level="senior" />
    </AuthShell>
  );
}
