/**
 * Sending a verification code (spec 7.1 sendEmailCode, sendMobileCode) to an email or a phone: a toast when it is
 * sent, the server's message on the code field when it is not. The code fields' onSend resolve to whether it went.
 */
import { userApi } from '../../../../shared/api/user';
import type { CodeType } from '../../../../shared/schemas/user';
import { call } from '../../../api/client';
import { toast } from '../../../state/toast';

export async function sendCode(
  to: { email: string } | { phone: string },
  codeType: CodeType,
  onError: (message: string) => void,
  okMessage: string,
): Promise<boolean> {
  try {
    if ('email' in to) await call(userApi.sendEmailCode, { query: { codeType, email: to.email }, silent: true });
    else await call(userApi.sendMobileCode, { query: { codeType, phone: to.phone }, silent: true });
    toast(okMessage, { kind: 'success' });
    return true;
  } catch (err) {
    onError((err as Error).message);
    return false;
  }
}
