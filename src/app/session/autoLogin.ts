/**
 * Automatic login inside a wallet browser (spec 4.2, 3.2, 9.4). When LOGIN_REGIS_SETTING.autoLogin is on and the
 * page has an EIP-1193 provider (window.ethereum; paxpay and trustwallet are the wallet platforms the spec names),
 * the wallet's first account signs in through the address-login call. On code 200 with a satoken, 'login_success'
 * is raised on window and the session signs in; otherwise the message is shown as a toast. Without a provider,
 * or with the setting off, nothing happens.
 */
import { userApi } from '../../shared/api/user';
import { CODE_OK } from '../../shared/api/envelope';
import { callRaw } from '../api/client';
import { clientEnv } from '../api/env';
import { signIn } from './actions';

export const LOGIN_SUCCESS_EVENT = 'login_success';

/** The slice of EIP-1193 used here. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isTrust?: boolean;
  isTrustWallet?: boolean;
  isPaxPay?: boolean;
  isPaxpay?: boolean;
}

export type WalletPlatform = 'paxpay' | 'trustwallet' | '';

export function detectPlatform(p: Eip1193Provider, userAgent = ''): WalletPlatform {
  if (p.isTrust || p.isTrustWallet || /trust/i.test(userAgent)) return 'trustwallet';
  if (p.isPaxPay || p.isPaxpay || /paxpay/i.test(userAgent)) return 'paxpay';
  return '';
}

export function findProvider(): Eip1193Provider | null {
  const eth = typeof window !== 'undefined' ? (window as unknown as { ethereum?: unknown }).ethereum : undefined;
  return eth && typeof (eth as Eip1193Provider).request === 'function' ? (eth as Eip1193Provider) : null;
}

export type AutoLoginResult = 'signed-in' | 'skipped' | 'failed';

export async function tryAutoLogin(
  enabled: boolean,
  provider: Eip1193Provider | null = findProvider(),
): Promise<AutoLoginResult> {
  if (!enabled || !provider) return 'skipped';
  let address = '';
  try {
    const accounts = await provider.request({ method: 'eth_requestAccounts' });
    address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : '';
  } catch {
    return 'skipped'; // the user declined in the wallet: stay signed out quietly
  }
  if (!address) return 'skipped';
  const platform = detectPlatform(provider, typeof navigator !== 'undefined' ? navigator.userAgent : '');
  try {
    const reply = await callRaw(userApi.addressLogin, { body: platform ? { address, platform } : { address } });
    const token = reply.code === CODE_OK ? reply.data?.satoken : undefined;
    if (!token) {
      clientEnv.notify(reply.msg || clientEnv.translate('System error'), 'error');
      return 'failed';
    }
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGIN_SUCCESS_EVENT));
    await signIn(token);
    return 'signed-in';
  } catch {
    return 'failed'; // the client has shown the error
  }
}
