import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FuturesRecord } from '../../../../../shared/schemas/records';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { FundingTab } from './FuturesAccount';
import { TEST_CONTRACT_PAIR } from './testContractPair';

// One funding payment of the user, as record/trading gives it: its price is the mark the round used (FUT-10).
const row: FuturesRecord = {
  id: 'f1',
  time: 1,
  symbol: 'btcusdt',
  side: 'long',
  kind: 'funding',
  positionId: 9,
  orderId: null,
  tradeId: null,
  shares: '50',
  price: '67243.07',
  fee: '0',
  pnl: '-0.125',
  rate: '0.0001',
};

// The account's other parts read the worker (not in this test).
vi.mock('../../../../market/hooks', () => ({
  useMark: () => undefined,
  usePositions: () => undefined,
  usePositionStructure: () => undefined,
  usePositionsWriter: () => undefined,
  useLiveAccount: () => undefined,
}));
vi.mock('../../futuresLists', () => ({
  useFuturesRecords: () => ({
    status: 'ok',
    data: { total: 1, rows: [row] },
    error: undefined,
    reload: () => undefined,
  }),
  useContractPairs: () => undefined,
  useFuturesOrders: () => undefined,
  useOpenPositions: () => undefined,
  useOpenPositionStructure: () => undefined,
}));

const render = (desktop: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <FundingTab uid="u1" pairs={new Map([['btcusdt', TEST_CONTRACT_PAIR]])} desktop={desktop} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['futures', 'market', 'common']);
});

describe('[FUT-10] the funding tab', () => {
  it('[FUT-10][FUT-3][FUI-10] each payment shows the mark its round used, beside the rate', () => {
    const desk = render(true);
    expect(desk).toContain('Mark price');
    expect(desk).toContain('data-testid="funding-mark">67,243.07<');
    expect(desk).toContain('0.01%');
    const phone = render(false);
    expect(phone).toContain('Mark price');
    expect(phone).toContain('67,243.07');
  });
});
