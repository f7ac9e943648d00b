import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import { recordsApi } from '../../../shared/api/records';
import { tradingApi } from '../../../shared/api/trading';
import type { FuturesRecord } from '../../../shared/schemas/records';
import type { OptionOrder } from '../../../shared/schemas/options';
import type { SecondOrder, SpotFill } from '../../../shared/schemas/trading';
import { i18n, loadNamespaces, setLanguage } from '../../i18n/index';
import { RecordTable, type RecordColumn } from '../../ui/RecordTable';
import { ratePercent, tabColumns } from './components/columns';
import { fetchRecordPage, TAB_ENDPOINT, type TabRows } from './data';
import { recordQuery, tabOf, TAB_PAIRS } from './model/recordQuery';
import { RECORD_TABS, recordsHref, type RecordTab } from './paths';
import RecordsScreen from './screens/RecordsScreen';
import { routedHtml, textOf } from '../../ui/testing/markup';

/** The one client, replaced: records what each call asked for. */
const server = vi.hoisted(() => ({ calls: [] as { endpoint: unknown; query: unknown }[] }));
vi.mock('../../api/client', async (orig) => {
  const real = await orig<typeof import('../../api/client')>();
  return {
    ...real,
    call: vi.fn((endpoint: unknown, input: { query?: unknown } = {}) => {
      server.calls.push({ endpoint, query: input.query });
      return Promise.resolve({ total: 0, rows: [] });
    }),
  };
});
// The market worker's hooks need a page; none here.
vi.mock('../../market/hooks', () => ({ useLiveAccount: () => undefined }));

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['records']);
});
beforeEach(() => {
  server.calls.length = 0;
});

const t = ((key: string, o?: Record<string, unknown>) =>
  i18n.getFixedT('en', 'records')(key, o)) as unknown as TFunction;
const html = (el: ReactElement, path = '/records') => routedHtml(el, path);
const text = textOf;

describe('[RECS-7] the records screen and its tabs', () => {
  it('the tab comes from ?tab=; missing or unknown opens futures', () => {
    for (const k of RECORD_TABS) expect(tabOf(new URL(recordsHref(k), 'http://x').searchParams.get('tab'))).toBe(k);
    expect(tabOf(null)).toBe('futures');
    expect(tabOf('bogus')).toBe('futures');
  });

  it('renders the five tabs with the URL’s tab selected, its panel loading under the filter bar', () => {
    for (const k of RECORD_TABS) {
      const h = html(<RecordsScreen />, recordsHref(k));
      expect(h.match(/role="tab"/g)).toHaveLength(5);
      expect(h).toMatch(new RegExp(`aria-selected="true"[^>]*data-testid="records-tab-${k}"`));
      expect(h).toContain(`data-testid="records-panel-${k}"`);
      expect(h).toContain('aria-busy="true"');
      if (k !== 'broker') expect(h).toContain('data-testid="record-filters"');
    }
    expect(text(html(<RecordsScreen />))).toContain('Futures Spot Second contracts Options Copy trading');
  });

  it('each tab fetches its own call, with the filter and the page in the query', async () => {
    const expected: Record<RecordTab, unknown> = {
      futures: recordsApi.futuresRecords,
      spot: recordsApi.spotRecords,
      second: tradingApi.secondRecords,
      option: recordsApi.optionRecords,
      broker: recordsApi.brokerRecords,
    };
    const query = recordQuery({ symbol: 'ethusdt', range: '24h', chosenAt: 1_700_000_000_000 }, 3);
    for (const k of RECORD_TABS) {
      expect(TAB_ENDPOINT[k]).toBe(expected[k]);
      await fetchRecordPage(k, query);
    }
    expect(server.calls.map((c) => c.endpoint)).toEqual(RECORD_TABS.map((k) => expected[k]));
    for (const c of server.calls)
      expect(c.query).toEqual({ symbol: 'ethusdt', from: 1_700_000_000_000 - 86_400_000, pageNum: 3, pageSize: 20 });
  });

  it('each tab’s pair filter offers its product’s pairs', () => {
    expect(TAB_PAIRS).toEqual({
      futures: 'contractList',
      spot: 'currencyList',
      second: 'coinList',
      option: 'optionList',
      broker: 'contractList',
    });
  });
});

describe('[RECS-9] the filter goes into the query', () => {
  it('every pair and all time send only the page; a pair and a preset add symbol and from', () => {
    expect(recordQuery({ symbol: '', range: 'all', chosenAt: 5 }, 1)).toEqual({ pageNum: 1, pageSize: 20 });
    expect(recordQuery({ symbol: 'btcusdt', range: 'all', chosenAt: 5 }, 2)).toEqual({
      symbol: 'btcusdt',
      pageNum: 2,
      pageSize: 20,
    });
    const at = 1_800_000_000_000;
    expect(recordQuery({ symbol: '', range: '30d', chosenAt: at }, 1)).toEqual({
      from: at - 30 * 86_400_000,
      pageNum: 1,
      pageSize: 20,
    });
  });
});

const FUT: FuturesRecord = {
  id: 'f1',
  time: Date.UTC(2026, 0, 2, 3, 4, 5),
  symbol: 'btcusdt',
  side: 'long',
  kind: 'open',
  positionId: 7,
  orderId: 9,
  tradeId: 1234,
  shares: '2',
  price: '64000.5',
  fee: '1.28',
  pnl: '0',
  rate: null,
};
const SPOT: SpotFill = {
  id: 3,
  orderId: 5,
  symbol: 'ethusdt',
  side: 'sell',
  role: 'maker',
  price: '3100',
  amount: '0.5',
  total: '1550',
  fee: '1.55',
  feeCoin: 'USDT',
  tradeId: 888,
  time: Date.UTC(2026, 0, 2),
};
const SECOND: SecondOrder = {
  id: 11,
  clientOrderId: null,
  symbol: 'btcusdt',
  direction: 'up',
  amount: '100',
  coin: 'USDT',
  periodId: 1,
  period: 30,
  ratio: '0.85',
  openPrice: '64000',
  openTime: Date.UTC(2026, 0, 2),
  closeTime: Date.UTC(2026, 0, 2) + 30_000,
  entry: { id: 500, time: Date.UTC(2026, 0, 2), price: '64000' },
  status: 'settled',
  result: 'win',
  closePrice: '64010',
  exit: { id: 531, time: Date.UTC(2026, 0, 2) + 29_900, price: '64010' },
  payout: '185',
  settleTime: Date.UTC(2026, 0, 2) + 30_010,
};
const OPTION: OptionOrder = {
  id: 21,
  clientOrderId: null,
  symbol: 'btcusdt',
  kind: 'call',
  tenor: '5m',
  expiry: Date.UTC(2026, 0, 2, 0, 5),
  strike: '64000',
  quantity: '1',
  unitPremium: '12.5',
  premium: '12.5',
  fee: '0.25',
  spot: '63990',
  volatility: '0.6',
  createTime: Date.UTC(2026, 0, 2),
  status: 'settled',
  entry: { id: 640, time: Date.UTC(2026, 0, 2) - 100, price: '63990' },
  exit: { id: 777, time: Date.UTC(2026, 0, 2, 0, 4, 59), price: '64100' },
  settlePrice: '64100',
  payout: '100',
  settleTime: Date.UTC(2026, 0, 2, 0, 5, 1),
};

function tabTable<T extends RecordTab>(tab: T, rows: TabRows[T][], desktop = true): string {
  const cols = tabColumns(t, (s) => s.toUpperCase())[tab] as RecordColumn<TabRows[T]>[];
  return text(
    html(
      <RecordTable<TabRows[T]>
        columns={cols}
        rowKey={(r) => (r as { id: string | number }).id}
        page={{ total: rows.length, rows }}
        status="ok"
        pageNum={1}
        pageSize={20}
        onPage={() => undefined}
        desktop={desktop}
        label={tab}
      />,
    ),
  );
}

describe('[RECS-10] what each tab shows', () => {
  it('futures: fills with their trade, liquidations with the mark tick, funding with its rate', () => {
    const s = tabTable('futures', [
      FUT,
      { ...FUT, id: 'f2', kind: 'liquidation', side: 'short', tradeId: 4321, price: '70000', pnl: '-50.5', fee: '0' },
      { ...FUT, id: 'f3', kind: 'funding', tradeId: null, price: null, rate: '0.0001', pnl: '0.64', fee: '0' },
    ]);
    expect(s).toContain('Time Pair Type Price Size Fee Profit and loss Details');
    expect(s).toContain('BTCUSDT Open · Long 64,000.5 2 1.28 0 Trade #1234');
    expect(s).toContain('Liquidation · Short 70,000 2 0 -50.5 Mark tick, trade #4321');
    expect(s).toContain('Funding · Long — 2 0 +0.64 Rate 0.01%');
    expect(ratePercent('-0.000375')).toBe('-0.0375%');
  });

  it('spot: side, role, price, amount, total, fee with its coin and the trade id', () => {
    const s = tabTable('spot', [SPOT]);
    expect(s).toContain('ETHUSDT Sell Maker 3,100 0.5 1,550 1.55 USDT Trade #888');
  });

  it('second contracts: result and payout with the entry and exit evidence', () => {
    const s = tabTable('second', [SECOND]);
    expect(s).toContain('Opened Pair Direction Period Stake Result Payout Entry Exit');
    expect(s).toContain('Up 30 s 100 USDT Win 185 64,000 Trade #500');
    expect(s).toContain('64,010 Trade #531');
  });

  it('[OPT-16] options: kind, strike, premium, settlement price, payout and the entry and exit evidence', () => {
    const s = tabTable('option', [OPTION]);
    expect(s).toContain('Call 64,000');
    expect(s).toContain('Strike Expiry Quantity Premium Fee Settlement price Payout Entry Exit');
    expect(s).toContain('1 12.5 0.25 64,100 100 63,990 Trade #640');
    expect(s).toContain('64,100 Trade #777');
  });

  it('phone: the same values as cards', () => {
    const s = tabTable('spot', [SPOT], false);
    expect(s).toContain('Side Sell');
    expect(s).toContain('Fee 1.55 USDT');
    expect(s).not.toContain('<table');
  });
});

describe('[RECS-6] copy trading', () => {
  it('the empty tab says its records appear once you follow a trader, with a way there', () => {
    const el = (
      <RecordTable
        columns={tabColumns(t, (s) => s)['broker']}
        rowKey={(r) => r.id}
        page={{ total: 0, rows: [] }}
        status="ok"
        pageNum={1}
        pageSize={20}
        onPage={() => undefined}
        desktop
        label="broker"
        emptyView={<p>{t('empty.broker')}</p>}
      />
    );
    expect(text(html(el))).toBe('Copy-trading records appear here once you follow a trader.');
  });
});
