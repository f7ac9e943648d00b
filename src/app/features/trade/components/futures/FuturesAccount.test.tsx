import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../../../shared/schemas/user';
import { markFigures } from '../../../../../shared/trading/futuresRules';
import { session } from '../../../../state/session';
import { FuturesAccount } from './FuturesAccount';
import { TEST_CONTRACT_PAIR, futuresScreenSetUp, signOut, testPosition } from './testContractPair';

const core = { side: 'long' as const, shares: '50', entryPrice: '100.0000', margin: '5.000000' };
// The worker values positions at the mark with the shared arithmetic; the table shows its figures as they are.
const figures = markFigures(TEST_CONTRACT_PAIR, core, '102.47');
const position = testPosition({
  ...core,
  takeProfit: '110.00',
  fees: '0.05',
  mark: { price: '102.47', time: 2, ...figures },
});

vi.mock('../../../../market/hooks', () => ({
  useMark: () => undefined,
  usePositions: () => ({
    version: 3,
    positions: [position],
    eventCount: 0,
    lastEvent: null,
    authorized: true,
  }),
  useLiveAccount: () => ({
    version: 1,
    authorized: true,
    statusCount: 0,
    lastStatus: null,
    balances: [{ account: 'contract', coin: 'USDT', available: '300', frozen: '0' }],
  }),
}));

const render = (desktop: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <FuturesAccount symbol="btcusdt" desktop={desktop} />
    </MemoryRouter>,
  );

beforeAll(futuresScreenSetUp);
afterEach(() => {
  signOut();
});

describe('[FUI-9] the positions table', () => {
  it('[FUI-9] renders each row from usePositions(): PnL and return at the mark, mark, liquidation, margin ratio', () => {
    Object.assign(session, { token: 't', isSign: true, userInfo: { uid: 'u1' } as UserInfo });
    // (102.47 - 100) x 0.5 BTC = 1.235 USDT on 5 USDT of margin: 24.7 %.
    expect(figures.unrealisedPnl).toBe('1.235000');
    for (const desktop of [true, false]) {
      const html = render(desktop);
      expect(html).toContain(desktop ? 'data-testid="positions-table"' : 'data-testid="positions-cards"');
      expect(html).toContain('Positions (1)');
      const pnl = html.slice(html.indexOf('data-testid="position-pnl"'));
      // NUM-3: PnL in the quote coin's 2 display decimals, like the margin beside it (1.235 rounds half up).
      expect(pnl).toMatch(/^[^<]*>1\.24[^0-9]/);
      expect(pnl).toContain('24.70%');
      expect(html).toMatch(/data-testid="position-mark">102\.47/);
      expect(html).toContain('92.00');
      expect(html).toContain('110.00 / --');
      expect(html).toContain('fo-up');
      expect(html).toContain('data-testid="close-position"');
    }
  });

  it('[FUI-7] signed out, the account asks to log in', () => {
    const html = render(true);
    expect(html).toContain('Log in to see your positions and orders');
    expect(html).not.toContain('positions-table');
  });
});
