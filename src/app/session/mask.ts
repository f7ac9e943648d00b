/**
 * How "My" and the account menu show who is signed in without printing the whole address on screen (LAYOUT-4):
 * an email keeps the first two characters of its local part and the domain, a phone its country code, first
 * digits and last four, a wallet address its first six and last four characters.
 */
import type { UserInfo } from '../../shared/schemas/user';

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${keep}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\s+/g, '');
  if (digits.length <= 7) return digits;
  return `${digits.slice(0, digits.length - 7)}***${digits.slice(-4)}`;
}

function maskAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** The account's name as shown: its user name, else its masked email, phone or wallet address, else ''. */
export function maskedIdentity(
  info: Pick<UserInfo, 'account' | 'email' | 'phone' | 'address'> | null | undefined,
): string {
  if (!info) return '';
  if (info.account) return info.account;
  if (info.email) return maskEmail(info.email);
  if (info.phone) return maskPhone(info.phone);
  if (info.address) return maskAddress(info.address);
  return '';
}
