/** /advanced: senior (advanced) identity verification (desktop navigation entry of spec 2.4; works on phones too). */
import { KycScreen } from '../components/KycForm';

export default function AdvancedScreen() {
  return <KycScreen level="senior" />;
}
