/** `/extend`: the promotion centre laid out for the desktop (INVUI-1); the same parts as `/invite`. */
import { InviteCentre } from './InviteScreen';

export default function ExtendScreen() {
  return <InviteCentre layout="desktop" titleKey="extend" />;
}
