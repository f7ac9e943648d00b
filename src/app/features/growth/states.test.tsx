/** The promotion centre's states and rules (INVUI-1, INVUI-4, INVUI-5), rendered without a server. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { InviteInfo } from '../../../shared/schemas/rewards';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import InviteScreen from './screens/InviteScreen';
import ExtendScreen from './screens/ExtendScreen';
import { screenText } from '../../ui/testing/markup';

const state = vi.hoisted(() => ({
  info: { status: 'loading' } as Record<string, unknown>,
  list: { status: 'loading' } as Record<string, unknown>,
}));
vi.mock('./data', async (orig) => {
  const real = await orig<typeof import('./data')>();
  return {
    ...real,
    useInviteInfo: () => ({ ...state.info, reload: () => {} }),
    useInvitees: () => ({ ...state.list, reload: () => {} }),
    useRebates: () => ({ ...state.list, reload: () => {} }),
  };
});

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['common', 'invite', 'proxy']);
});

const text = screenText;

const INFO: InviteInfo = {
  code: 'ABCD2345',
  path: '/register?inviteCode=ABCD2345',
  rebateOpen: false,
  ratios: ['1', '2', '3'],
  inviteCodeRequired: true,
  invitees: [2, 1, 0],
  earned: '1.5',
  earnedToday: '0.25',
  byCoin: [
    { coin: 'USDT', amount: '1.5' },
    { coin: 'BTC', amount: '0.0001' },
  ],
};

describe('[INVUI-4] [INVUI-5] the promotion centre', () => {
  it('shows the code, the totals and the rules as the server applies them', () => {
    state.info = { status: 'ok', data: INFO };
    state.list = { status: 'ok', data: { total: 0, rows: [] } };
    const t = text(<InviteScreen />);
    expect(t).toContain('ABCD2345');
    expect(t).toContain('Rebates are off at the moment');
    // Ratios as percent, the example by rebateShares on a 10 USDT fee.
    expect(t).toContain('1 %');
    expect(t).toContain('3 %');
    expect(t).toContain('0.1 USDT');
    expect(t).toContain('0.3 USDT');
    expect(t).toContain('An invite code is required to register.');
    expect(t).toContain('In other coins: 0.0001 BTC');
    expect(t).toContain('No invitees yet');
  });

  it('[INVUI-1] loading and error states on /extend', () => {
    state.info = { status: 'loading' };
    expect(text(<ExtendScreen />)).toContain('Referral center');
    state.info = { status: 'error', error: 'Network unreachable' };
    const t = text(<ExtendScreen />);
    expect(t).toContain('Network unreachable');
    expect(t).toContain('Try again');
  });
});
