/** /primary: primary identity verification (desktop navigation entry of spec 2.4; works on phones too). */
import { KycScreen } from '../components/KycForm';

export default function PrimaryScreen() {
  return <KycScreen level="primary" />;
}
