import { describe, expect, it } from 'vitest';
import type { PlatformConfig } from '../../../state/settings';
import { authLimitFlags, loginRegisFlags, registerModes } from './loginSettings';

const cfg = (LOGIN_REGIS_SETTING: Record<string, unknown>, AUTH_LIMIT?: Record<string, unknown>) =>
  ({ LOGIN_REGIS_SETTING, AUTH_LIMIT }) as unknown as PlatformConfig;

describe('LOGIN_REGIS_SETTING and AUTH_LIMIT as the account screens read them (spec 3.3)', () => {
  it('[spec 3.3] register offers exactly the modes that are open, in tab order', () => {
    expect(
      registerModes(
        loginRegisFlags(cfg({ emailIsOpen: true, phoneIsOpen: true, ordinaryIsOpen: true, addressIsOpen: true })),
      ),
    ).toEqual(['email', 'phone', 'account', 'address']);
    expect(
      registerModes(
        loginRegisFlags(cfg({ emailIsOpen: false, phoneIsOpen: true, ordinaryIsOpen: false, addressIsOpen: false })),
      ),
    ).toEqual(['phone']);
    expect(
      registerModes(
        loginRegisFlags(cfg({ emailIsOpen: false, phoneIsOpen: false, ordinaryIsOpen: false, addressIsOpen: false })),
      ),
    ).toEqual([]);
  });

  it('[spec 3.3] walletOnly leaves only the wallet address, and nothing when address registration is closed', () => {
    expect(registerModes(loginRegisFlags(cfg({ emailIsOpen: true, addressIsOpen: true, walletOnly: true })))).toEqual([
      'address',
    ]);
    expect(registerModes(loginRegisFlags(cfg({ emailIsOpen: true, addressIsOpen: false, walletOnly: true })))).toEqual(
      [],
    );
  });

  it('[spec 9.3] missing fields fall back to the built-in defaults; flags accept 1/"1"/"Y"', () => {
    const f = loginRegisFlags({} as PlatformConfig);
    expect(f).toMatchObject({
      emailIsOpen: true,
      phoneIsOpen: true,
      ordinaryIsOpen: true,
      addressIsOpen: false,
      inviteCodeRequired: false,
      emailCode: true,
      autoLogin: false,
    });
    expect(loginRegisFlags(cfg({ inviteCodeRequired: 1, phoneCode: '1', accountCode: 'Y' }))).toMatchObject({
      inviteCodeRequired: true,
      phoneCode: true,
      accountCode: true,
    });
  });

  it('[spec 3.3 AUTH_LIMIT] levels, limits and defaults (9.3: 1.001 and 2.002, senior on)', () => {
    expect(
      authLimitFlags(cfg({}, { primaryLimit: '5', isOpenPrimary: true, seniorLimit: '10', isOpenSenior: false })),
    ).toEqual({
      primaryLimit: '5',
      isOpenPrimary: true,
      seniorLimit: '10',
      isOpenSenior: false,
    });
    expect(authLimitFlags({} as PlatformConfig)).toEqual({
      primaryLimit: '1.001',
      isOpenPrimary: false,
      seniorLimit: '2.002',
      isOpenSenior: true,
    });
  });
});
