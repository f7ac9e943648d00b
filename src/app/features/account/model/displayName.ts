/** How the signed-in user is named on screen: account name, then email, phone, a shortened wallet address, uid. */
import type { UserInfo } from '../../../../shared/schemas/user';

export function displayName(
  info: Pick<UserInfo, 'account' | 'email' | 'phone' | 'address' | 'uid'> | null | undefined,
): string {
  if (!info) return '';
  if (info.account) return info.account;
  if (info.email) return info.email;
  if (info.phone) return info.phone;
  if (info.address)
    return info.address.length > 14 ? `${info.address.slice(0, 6)}…${info.address.slice(-4)}` : info.address;
  return info.uid ?? '';
}
