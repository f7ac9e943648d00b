import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { followApi } from '../../../shared/api/follow';
import type { FollowEvent } from '../../../shared/schemas/follow';
import type { UserInfo } from '../../../shared/schemas/user';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import { session } from '../../state/session';
import { FollowForm } from './components/FollowDialog';
import { Leaderboard } from './components/Leaderboard';
import { Events } from './components/MyFollows';
import { TraderPage } from './components/TraderPage';
import { equityPath } from './components/EquityChart';
import { fetchTraders } from './data';
import { bodyOf, daysOf, EMPTY_DRAFT, failingRule, shareRateOf, sortOf, tabOf, traderOf } from './model/follow';
import { followPath } from './paths';
import FollowScreen from './screens/FollowScreen';
import { routedHtml, textOf } from '../../ui/testing/markup';

/** The one client, replaced: records what each call asked for. */
const server = vi.hoisted(() => ({ calls: [] as { endpoint: unknown; query: unknown; body: unknown }[] }));
vi.mock('../../api/client', async (orig) => {
  const real = await orig<typeof import('../../api/client')>();
  return {
    ...real,
    call: vi.fn((endpoint: unknown, input: { query?: unknown; body?: unknown } = {}) => {
      server.calls.push({ endpoint, query: input.query, body: input.body });
      return Promise.resolve({ total: 0, rows: [] });
    }),
  };
});
// The market worker's hooks need a page; none here.
vi.mock('../../market/hooks', () => ({
  useLiveAccount: () => undefined,
  usePositions: () => undefined,
  usePositionStructure: () => undefined,
}));

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['follow']);
});
beforeEach(() => {
  server.calls.length = 0;
});
afterEach(() => {
  Object.assign(session, { token: '', isSign: false, userInfo: null });
});
const signIn = () => Object.assign(session, { token: 't', isSign: true, userInfo: { uid: 'u1' } as UserInfo });

const html = (el: ReactElement, path = '/follow') => routedHtml(el, path);
const text = textOf;
/** The element carrying `data-testid`, up to the end of its tag's content. */
const part = (h: string, id: string) => {
  const i = h.indexOf(`data-testid="${id}"`);
  if (i < 0) return '';
  const start = h.lastIndexOf('<', i);
  const end = h.indexOf('</', i);
  return h.slice(start, end);
};

describe('[FOLUI-1] the tabs and the trader page are in the URL', () => {
  it('?tab= picks the tab (leaderboard by default); ?trader= opens a trader page', () => {
    expect(tabOf(null)).toBe('leaders');
    expect(tabOf('mine')).toBe('mine');
    expect(tabOf('bogus')).toBe('leaders');
    expect(traderOf('12')).toBe(12);
    expect(traderOf('0')).toBeNull();
    expect(traderOf('x')).toBeNull();
    expect(followPath({ tab: 'programme' })).toBe('/follow?tab=programme');
    expect(followPath({ trader: 5 })).toBe('/follow?trader=5');
    expect(followPath({ tab: 'leaders' })).toBe('/follow');
  });

  it('renders three tabs with the URL’s tab selected', () => {
    const h = html(<FollowScreen />, '/follow?tab=mine');
    expect(h.match(/role="tab"/g)).toHaveLength(3);
    expect(h).toMatch(/aria-selected="true"[^>]*data-testid="follow-tab-mine"/);
    expect(text(html(<FollowScreen />))).toContain('Leaderboard My follows Trader programme');
  });

  it('?trader= shows the trader page loading, no tabs', () => {
    const h = html(<FollowScreen />, '/follow?trader=3');
    expect(h).toContain('data-testid="trader-page"');
    expect(h).not.toContain('role="tab"');
    expect(h).toContain('aria-busy="true"');
  });
});

describe('[FOLUI-2] the leaderboard asks the server to sort', () => {
  it('the window and the sort come from the URL, and the chosen ones are checked', () => {
    expect(daysOf('7')).toBe(7);
    expect(daysOf('45')).toBe(30);
    expect(sortOf('drawdown')).toBe('drawdown');
    expect(sortOf('x')).toBe('roi');
    const h = html(<Leaderboard desktop />, '/follow?days=90&sort=winRate');
    expect(h).toMatch(/aria-checked="true"[^>]*data-testid="window-90"/);
    expect(h).toMatch(/<option value="winRate" selected="">/);
  });

  it('each sort and window is one call of follow/traders with that sort and days', async () => {
    for (const [sort, days] of [
      ['roi', 30],
      ['pnl', 7],
      ['winRate', 90],
      ['followers', 30],
      ['drawdown', 7],
    ] as const)
      await fetchTraders(sort, days, 2);
    expect(server.calls.every((c) => c.endpoint === followApi.followTraders)).toBe(true);
    expect(server.calls.map((c) => c.query)).toEqual([
      { sort: 'roi', days: 30, pageNum: 2, pageSize: 20 },
      { sort: 'pnl', days: 7, pageNum: 2, pageSize: 20 },
      { sort: 'winRate', days: 90, pageNum: 2, pageSize: 20 },
      { sort: 'followers', days: 30, pageNum: 2, pageSize: 20 },
      { sort: 'drawdown', days: 7, pageNum: 2, pageSize: 20 },
    ]);
  });
});

const TARGET = { traderId: 7, nickname: 'Alpha Bot', shareRate: '0.1' };

describe('[FOLUI-5] the follow dialog', () => {
  const button = (d: Partial<typeof EMPTY_DRAFT>) =>
    text(
      part(
        html(<FollowForm target={TARGET} onClose={() => undefined} initial={{ ...EMPTY_DRAFT, ...d }} />),
        'follow-submit',
      ),
    );

  it('the button names the first rule the form breaks, and is disabled until none is broken', () => {
    expect(button({})).toBe('Enter a margin per trade within the limits');
    expect(button({ amount: '0.5', maxTotal: '100' })).toBe('Enter a margin per trade within the limits');
    expect(button({ mode: 'ratio', ratio: '20', maxTotal: '100' })).toBe('Enter a ratio within the limits');
    expect(button({ amount: '50' })).toBe('Enter a total cap of at least the margin per trade');
    expect(button({ amount: '50', maxTotal: '10' })).toBe('Enter a total cap of at least the margin per trade');
    expect(button({ amount: '50', maxTotal: '500', stopLoss: '-3' })).toBe(
      'Enter a stop above zero, or leave it empty',
    );
    expect(button({ amount: '50', maxTotal: '500' })).toBe('Follow');
    expect(button({ mode: 'ratio', ratio: '0.5', maxTotal: '500', stopLoss: '20' })).toBe('Follow');
    const bad = html(<FollowForm target={TARGET} onClose={() => undefined} initial={EMPTY_DRAFT} />);
    expect(part(bad, 'follow-submit')).toContain('disabled');
    const good = html(
      <FollowForm
        target={TARGET}
        onClose={() => undefined}
        initial={{ ...EMPTY_DRAFT, amount: '5', maxTotal: '50' }}
      />,
    );
    expect(part(good, 'follow-submit')).not.toContain('disabled');
  });

  it('uses the shared checkFollow, so the form and the server refuse the same follows', () => {
    expect(failingRule({ ...EMPTY_DRAFT, amount: '100001', maxTotal: '200000' })).toBe('amount');
    expect(failingRule({ ...EMPTY_DRAFT, mode: 'ratio', ratio: '0.001', maxTotal: '1' })).toBe('ratio');
    expect(bodyOf(7, { mode: 'ratio', amount: '9', ratio: ' 0.5 ', maxTotal: '100', stopLoss: '' })).toEqual({
      traderId: 7,
      mode: 'ratio',
      ratio: '0.5',
      maxTotal: '100',
    });
  });

  it('discloses the share rate, the copying at the trader’s leverage and the skips, and the available USDT', () => {
    const h = html(<FollowForm target={TARGET} onClose={() => undefined} />);
    const d = text(part(h, 'follow-disclosure').replace(/<\/?li>/g, ' '));
    expect(text(h)).toContain('Alpha Bot receives 10.00% of the profit');
    expect(text(h)).toContain("copied onto your contract account at the trader's leverage, within your cap");
    expect(text(h)).toContain('the order is skipped and you are told why');
    expect(d).toContain('Before you follow');
    expect(h).toContain('data-testid="follow-available"');
    expect(h).toMatch(/href="\/wallet"[^>]*>Transfer/);
  });
});

const EVENTS: FollowEvent[] = [
  {
    id: 3,
    time: Date.UTC(2026, 0, 3),
    kind: 'skipped',
    symbol: 'btcusdt',
    message: 'Not enough margin: needs 50 USDT, 12 available',
    amount: null,
  },
  {
    id: 2,
    time: Date.UTC(2026, 0, 2),
    kind: 'share',
    symbol: 'btcusdt',
    message: 'Profit share to Alpha Bot',
    amount: '-1.5',
  },
  {
    id: 1,
    time: Date.UTC(2026, 0, 1),
    kind: 'copied',
    symbol: 'ethusdt',
    message: 'Opened long 3 contracts at 10x',
    amount: null,
  },
];

describe('[FOLUI-4] my follows', () => {
  it('the events list shows skipped orders with the server’s reason', () => {
    const h = html(<Events events={EVENTS} />);
    expect(h).toContain('data-kind="skipped"');
    const t = text(h);
    expect(t).toContain('Skipped BTCUSDT Not enough margin: needs 50 USDT, 12 available');
    expect(t).toContain('Profit share BTCUSDT Profit share to Alpha Bot -1.50');
    expect(t).toContain('Copied ETHUSDT Opened long 3 contracts at 10x');
    expect(text(html(<Events events={[]} />))).toBe('Nothing has happened yet.');
  });
});

describe('[FOLUI-8] signed out', () => {
  it('the leaderboard and the trader page show; my follows and the programme ask to sign in', () => {
    expect(html(<FollowScreen />)).toContain('data-testid="leaderboard"');
    expect(html(<TraderPage id={3} desktop />)).toContain('data-testid="trader-page"');
    for (const tab of ['mine', 'programme']) {
      const h = html(<FollowScreen />, `/follow?tab=${tab}`);
      expect(h).toMatch(/data-testid="follow-login" href="\/login"/);
    }
  });

  it('signed in, my follows loads instead', () => {
    signIn();
    const h = html(<FollowScreen />, '/follow?tab=mine');
    expect(h).not.toContain('follow-login');
    expect(h).toContain('aria-busy="true"');
  });
});

describe('[FOLUI-3] [FOLUI-6] the trader page and the programme’s rules', () => {
  it('the equity curve is a path through every point', () => {
    const d = equityPath([
      { time: 0, equity: '100' },
      { time: 10, equity: '110' },
      { time: 20, equity: '105' },
    ]);
    expect(d.split(' ')).toHaveLength(3);
    expect(d.startsWith('M0.0,156.0')).toBe(true);
    expect(equityPath([{ time: 0, equity: '1' }])).toBe('');
  });

  it('the share rate asked is 0 to highRebate percent, sent as a fraction', () => {
    expect(shareRateOf('12.5', '30')).toBe('0.125');
    expect(shareRateOf('0', '30')).toBe('0');
    expect(shareRateOf('31', '30')).toBeNull();
    expect(shareRateOf('-1', '30')).toBeNull();
    expect(shareRateOf('abc', '30')).toBeNull();
  });
});
