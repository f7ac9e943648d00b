import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../../../shared/schemas/user';
import { markFigures } from '../../../../../shared/trading/futuresRules';
import { session } from '../../../../state/session';
import { formatDecimal, formatFixed } from '../../../../i18n/format';
import { FuturesAccount } from './FuturesAccount';
import { positionFigureTexts } from './positionFigures';
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

const view = {
  version: 3,
  positions: [position],
  eventCount: 0,
  lastEvent: null,
  authorized: true,
};
vi.mock('../../../../market/hooks', () => ({
  useMark: () => undefined,
  usePositions: () => view,
  // The table renders from the structure (PERF-84); its figures are those the view had then.
  usePositionStructure: () => view,
  usePositionsWriter: () => undefined,
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
  it('[FUI-9] renders each row from the positions view: PnL and return at the mark, mark, liquidation, margin ratio', () => {
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

  it('[PERF-83] the list renders each live cell with the text its writer writes, on the table and the cards', () => {
    Object.assign(session, { token: 't', isSign: true, userInfo: { uid: 'u1' } as UserInfo });
    const f = {
      num: (v: string | null | undefined) => (v == null ? '--' : formatDecimal(v, 'en')),
      money: (v: string | null | undefined) => formatFixed(v, 2, {}, 'en'),
    };
    const x = positionFigureTexts({ ...position, mark: position.mark! }, f, 'en');
    for (const desktop of [true, false]) {
      const html = render(desktop);
      expect(html).toContain(`data-mark="${x.dataMark}" data-pnl="${x.dataPnl}"`);
      expect(html).toContain(`data-testid="position-mark">${x.mark}<`);
      expect(html).toContain(`data-testid="position-ratio">${x.ratio}<`);
      const pnl = desktop ? `${x.pnl}<span class="fa-sub">${x.pnlSub}</span>` : `${x.pnl}${x.pnlSub}<`;
      expect(html).toContain(
        `class="${desktop ? '' : 'fa-cardpnl '}num${x.pnlSign}" data-testid="position-pnl">${pnl}`,
      );
    }
  });

  it('[FUI-7] signed out, the account asks to log in', () => {
    const html = render(true);
    expect(html).toContain('Log in to see your positions and orders');
    expect(html).not.toContain('positions-table');
  });
});
