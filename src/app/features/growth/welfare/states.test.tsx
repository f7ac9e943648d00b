import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import { session } from '../../../state/session';
import type { VipInfo, WelfareInfo } from '../../../../shared/schemas/rewards';
import WelfareScreen from './screens/WelfareScreen';
import { VipCard } from './components/VipCard';
import { screenText } from '../../../ui/testing/markup';

/** The screen's data hooks, replaced by whatever state a test sets. */
const state = vi.hoisted(() => ({
  info: { status: 'loading' } as Record<string, unknown>,
  bonuses: { status: 'loading' } as Record<string, unknown>,
  vip: { status: 'loading' } as Record<string, unknown>,
}));
vi.mock('./data', async (orig) => {
  const real = await orig<typeof import('./data')>();
  return {
    ...real,
    useWelfareInfo: () => ({ ...state.info, reload: () => {} }),
    useBonuses: () => ({ ...state.bonuses, reload: () => {} }),
    useVipInfo: () => ({ ...state.vip, reload: () => {} }),
  };
});

vi.mock('../../../market/hooks', () => ({ useLiveAccount: () => undefined }));
vi.mock('../../../money/balances', () => ({
  useAssetBalances: () => ({
    status: 'ok',
    data: [{ account: 'platform', coin: 'USDT', available: '25', frozen: '0' }],
    reload: () => {},
  }),
  balancesChanged: () => {},
}));

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['common', 'welfare']);
  Object.assign(session, { token: 't', isSign: true });
});

const text = screenText;

const DAY = 86_400_000;
const now = Date.now();
const info: WelfareInfo = {
  claimedTotal: '5',
  tasks: [
    {
      id: 'verifyIdentity',
      coin: 'USDT',
      amount: '5',
      state: 'claimed',
      claimedAt: now - DAY,
      windowDays: 30,
      deadline: now + DAY,
    },
    {
      id: 'firstDeposit',
      coin: 'USDT',
      amount: '10',
      state: 'claimable',
      claimedAt: null,
      windowDays: 30,
      deadline: now + DAY,
    },
    {
      id: 'firstTrade',
      coin: 'USDT',
      amount: '5',
      state: 'todo',
      claimedAt: null,
      windowDays: 30,
      deadline: now - DAY,
    },
    { id: 'inviteFriend', coin: 'USDT', amount: '5', state: 'todo', claimedAt: null, windowDays: null, deadline: null },
  ],
};

describe('[WELUI-1] the states of the welfare screen', () => {
  it('loading, then an error with the reason and a retry', () => {
    state.info = { status: 'loading' };
    expect(text(<WelfareScreen />)).toContain('Loading');
    state.info = { status: 'error', error: 'Network unreachable' };
    const t = text(<WelfareScreen />);
    expect(t).toContain('Network unreachable');
    expect(t).toContain('Try again');
  });

  it('[WELUI-2] each card: terms before the claim, and its state', () => {
    state.info = { status: 'ok', data: info };
    state.bonuses = { status: 'ok', data: { total: 0, rows: [] } };
    state.vip = { status: 'ok', data: undefined };
    const t = text(<WelfareScreen />);
    expect(t).toContain('Claim 10 USDT');
    expect(t).toContain('Claimed on');
    expect(t).toContain('Window closed');
    expect(t).toContain('The window for this task has closed');
    expect(t).toContain('No time limit.');
    expect(t).toContain('Counts when your first on-chain deposit is credited');
    expect(t).toContain('Go to task');
    expect(t).toContain('25 USDT');
    expect(t).toContain('No bonuses yet. Claim a reward to get one.');
    expect(t).not.toContain('VIP level');
  });

  it('[WELUI-4] the bonuses list: amount, coin and state', () => {
    state.info = { status: 'ok', data: info };
    state.bonuses = {
      status: 'ok',
      data: { total: 1, rows: [{ id: 'W1', coin: 'USDT', amount: '5', status: 'credited', createTime: now }] },
    };
    const t = text(<WelfareScreen />);
    expect(t).toContain('+5');
    expect(t).toContain('Credited');
  });
});

describe('[WELUI-5] [VIP-1] the VIP card', () => {
  const vip: VipInfo = {
    open: true,
    problem: null,
    volume30d: '300',
    level: 1,
    feeDiscount: '0.025',
    next: { level: 2, needed: '201' },
    levels: [
      { level: 0, start: '0', end: '100', feeDiscount: '0' },
      { level: 1, start: '101', end: '500', feeDiscount: '0.025' },
      { level: 2, start: '501', end: '1000', feeDiscount: '0.05' },
    ],
  };

  it('shows nothing while VIP is off, loading or failed', () => {
    for (const v of [{ status: 'ok', data: { ...vip, open: false } }, { status: 'loading' }, { status: 'error' }]) {
      state.vip = v;
      expect(renderToStaticMarkup(<VipCard />)).toBe('');
    }
  });

  it('level, volume, discount, the way to the next level and the table', () => {
    state.vip = { status: 'ok', data: vip };
    const t = text(<VipCard />);
    expect(t).toContain('VIP 1');
    expect(t).toContain('300 USDT');
    expect(t).toContain('2.5 %');
    expect(t).toContain('201 USDT more to VIP 2');
    expect(t).toContain('101 – 500');
    expect(t).toContain('Current');
  });
});
