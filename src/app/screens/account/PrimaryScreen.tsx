/** /primary: primary identity verification (desktop navigation entry of spec 2.4; works on phones too). */
import { useTranslation } from 'react-i18next';
import { AuthShell } from './AuthShell';
import { KycForm } from './KycForm';

export default function PrimaryScreen() {
  const { t } = useTranslation('account');
  return (
    <AuthShell title={t('kyc.primaryName')} heading={t('kyc.heading')} sub={t('kyc.primaryText')} back="/userauth" wide>
      <KycForm level="primary" />
    </AuthShell>
  );
}
