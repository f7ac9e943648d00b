/**
 * The platform settings the account screens obey (spec 3.3): LOGIN_REGIS_SETTING and AUTH_LIMIT, read from the
 * settings store with the built-in defaults (9.3) for anything missing.
 */
import { useSnapshot } from 'valtio';
import { readFlag } from '../../../../shared/flags';
import type { RegisterType } from '../../../../shared/schemas/user';
import { settingObject, settings, type PlatformConfig } from '../../../state/settings';

export interface LoginRegisFlags {
  emailIsOpen: boolean;
  phoneIsOpen: boolean;
  ordinaryIsOpen: boolean;
  addressIsOpen: boolean;
  inviteCodeRequired: boolean;
  emailCode: boolean;
  phoneCode: boolean;
  accountCode: boolean;
  walletOnly: boolean;
  autoLogin: boolean;
  newUserNotice: string;
}

export interface AuthLimitFlags {
  primaryLimit: string;
  isOpenPrimary: boolean;
  seniorLimit: string;
  isOpenSenior: boolean;
}

const flag = readFlag;

export function loginRegisFlags(config: PlatformConfig): LoginRegisFlags {
  const s = settingObject<Record<string, unknown>>(config, 'LOGIN_REGIS_SETTING') ?? {};
  return {
    emailIsOpen: flag(s.emailIsOpen, true),
    phoneIsOpen: flag(s.phoneIsOpen, true),
    ordinaryIsOpen: flag(s.ordinaryIsOpen, true),
    addressIsOpen: flag(s.addressIsOpen, false),
    inviteCodeRequired: flag(s.inviteCodeRequired, false),
    emailCode: flag(s.emailCode, true),
    phoneCode: flag(s.phoneCode, false),
    accountCode: flag(s.accountCode, false),
    walletOnly: flag(s.walletOnly, false),
    autoLogin: flag(s.autoLogin, false),
    newUserNotice: typeof s.newUserNotice === 'string' ? s.newUserNotice : '',
  };
}

export function authLimitFlags(config: PlatformConfig): AuthLimitFlags {
  const s = settingObject<Record<string, unknown>>(config, 'AUTH_LIMIT') ?? {};
  return {
    primaryLimit:
      typeof s.primaryLimit === 'string' || typeof s.primaryLimit === 'number' ? String(s.primaryLimit) : '1.001',
    isOpenPrimary: flag(s.isOpenPrimary, false),
    seniorLimit:
      typeof s.seniorLimit === 'string' || typeof s.seniorLimit === 'number' ? String(s.seniorLimit) : '2.002',
    isOpenSenior: flag(s.isOpenSenior, true),
  };
}

export function useLoginRegisFlags(): LoginRegisFlags {
  const snap = useSnapshot(settings);
  return loginRegisFlags(snap.config as PlatformConfig);
}

export function useAuthLimitFlags(): AuthLimitFlags {
  const snap = useSnapshot(settings);
  return authLimitFlags(snap.config as PlatformConfig);
}

/** The registration modes LOGIN_REGIS_SETTING turns on, in tab order; walletOnly leaves only the wallet address. */
export function registerModes(f: LoginRegisFlags): RegisterType[] {
  if (f.walletOnly) return f.addressIsOpen ? ['address'] : [];
  const modes: RegisterType[] = [];
  if (f.emailIsOpen) modes.push('email');
  if (f.phoneIsOpen) modes.push('phone');
  if (f.ordinaryIsOpen) modes.push('account');
  if (f.addressIsOpen) modes.push('address');
  return modes;
}
