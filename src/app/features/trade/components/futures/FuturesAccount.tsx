/**
 * The user's futures account under the futures screen (FUI-9, FUI-10): Positions, Open orders (cancel), Order
 * history and Funding as tabs, each with its loading, empty and error states; a table on the desktop, cards on the
 * phone. Position rows come from `useOpenPositionStructure` (the worker's view, else the REST list; PERF-84), and
 * each row's live figures are written into its cells (PERF-83); its PnL is `position.mark.unrealisedPnl`,
 * computed once by the shared arithmetic, never here. Actions open the close,
 * margin and TP/SL dialogs. A liquidation, take-profit or stop-loss event is told in a toast.
 *
 * This file holds the tabs and the funding list; the positions are in FuturesPositions.tsx, the order lists and
 * the pager in FuturesOrdersList.tsx, the shared cells and formats in futuresCells.tsx.
 */
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesRecord } from '../../../../../shared/schemas/records';
import { DataState } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { SignInCta } from '../../../../ui/SignInCta';
import { useLanguage } from '../../../../ui/Price';
import { useContractPairs, useFuturesOrders, useFuturesRecords, useOpenPositionStructure } from '../../futuresLists';
import { pairName, percentOf, SideText, signCls, useFormat } from './futuresCells';
import { FUTURES_PAGE_SIZE, OrdersList } from './FuturesOrdersList';
import { CardHead, ListState, ListTabs, RowCards, RowsTable, useListTabs, type Column } from '../kit/RowsView';
import { EventToasts, PositionsList } from './FuturesPositions';

type Tab = 'positions' | 'open' | 'history' | 'funding';
const TABS: readonly [Tab, ...Tab[]] = ['positions', 'open', 'history', 'funding'];
/** Records fetched for the funding tab (the records call has no kind filter: the funding rows are kept). */
const FUNDING_FETCH = 100;

export function FuturesAccount({ symbol, desktop }: { symbol: string; desktop: boolean }) {
  const { t } = useTranslation('futures');
  const lists = useListTabs(TABS, symbol);
  const { uid, tab, pages, setPage, filter } = lists;
  const pairs = useContractPairs();
  const positions = useOpenPositionStructure(uid);
  const open = useFuturesOrders(uid, 'open', filter, pages.open, FUTURES_PAGE_SIZE);
  const rows = (positions.rows ?? []).filter((p) => p.status === 'open' && (!filter || p.symbol === filter));
  const label = (k: Tab) =>
    k === 'positions' && positions.rows
      ? `${t('tab.positions')} (${rows.length})`
      : k === 'open' && open.data
        ? `${t('tab.open')} (${open.data.total})`
        : t(`tab.${k}`);

  return (
    <section
      className={`sor fa${desktop ? ' sor--desk' : ''}`}
      aria-label={t('myFutures')}
      data-testid="futures-account"
    >
      {uid && <EventToasts pairs={pairs} />}
      <ListTabs ns="futures" label={t('myFutures')} lists={lists} text={label} idPrefix="fa" />
      <div id="fa-panel" role="tabpanel" aria-labelledby={`fa-tab-${tab}`} className="sor-body">
        {!uid ? (
          <SignInCta compact title={t('signInForPositions')} />
        ) : tab === 'positions' ? (
          <DataState
            compact
            status={positions.status}
            error={positions.error}
            onRetry={positions.reload}
            empty={rows.length === 0}
            emptyView={<EmptyState compact title={t('noPositions')} />}
          >
            <PositionsList rows={rows} pairs={pairs} desktop={desktop} />
          </DataState>
        ) : tab === 'open' ? (
          <ListState
            ns="futures"
            q={open}
            empty={(open.data?.rows.length ?? 0) === 0}
            emptyTitle={t('noOpenOrders')}
            paged={{ page: pages.open, pageSize: FUTURES_PAGE_SIZE, onPage: setPage }}
          >
            <OrdersList kind="open" rows={open.data?.rows ?? []} pairs={pairs} desktop={desktop} />
          </ListState>
        ) : tab === 'history' ? (
          <HistoryTab uid={uid} symbol={filter} pairs={pairs} desktop={desktop} page={pages.history} onPage={setPage} />
        ) : (
          <FundingTab uid={uid} symbol={filter} pairs={pairs} desktop={desktop} />
        )}
      </div>
    </section>
  );
}

function HistoryTab(p: {
  uid: string;
  symbol?: string;
  pairs: ReadonlyMap<string, ContractPair>;
  desktop: boolean;
  page: number;
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation('futures');
  const q = useFuturesOrders(p.uid, 'history', p.symbol, p.page, FUTURES_PAGE_SIZE);
  return (
    <ListState
      ns="futures"
      q={q}
      empty={(q.data?.rows.length ?? 0) === 0}
      emptyTitle={t('noHistory')}
      paged={{ page: p.page, pageSize: FUTURES_PAGE_SIZE, onPage: p.onPage }}
    >
      <OrdersList kind="history" rows={q.data?.rows ?? []} pairs={p.pairs} desktop={p.desktop} />
    </ListState>
  );
}

/** The user's funding payments (FUT-10), each with the mark its round valued the notionals at (FUT-3). */
export function FundingTab(p: {
  uid: string;
  symbol?: string;
  pairs: ReadonlyMap<string, ContractPair>;
  desktop: boolean;
}) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  const lang = useLanguage();
  const q = useFuturesRecords(p.uid, p.symbol, 1, FUNDING_FETCH);
  const rows = (q.data?.rows ?? []).filter((r) => r.kind === 'funding');
  const name = (r: FuturesRecord) => pairName(p.pairs, r.symbol);
  const col = {
    mark: { head: t('markPrice'), num: true, ltr: true, cell: (r) => f.num(r.price) },
    rate: { head: t('col.rate'), num: true, cell: (r) => (r.rate ? percentOf(r.rate, lang) : '--') },
    funding: {
      head: t('col.funding'),
      num: true,
      cls: (r) => `num${signCls(r.pnl)}`,
      cell: (r) => `${f.money(r.pnl)} USDT`,
    },
  } satisfies Record<string, Column<FuturesRecord>>;
  return (
    <ListState ns="futures" q={q} empty={rows.length === 0} emptyTitle={t('noFunding')}>
      {p.desktop ? (
        <RowsTable
          caption={t('tab.funding')}
          columns={[
            { head: t('col.time'), cls: 'num sor-time', cell: (r) => f.time(r.time) },
            { head: t('col.pair'), ltr: true, cell: name },
            { head: t('col.side'), cell: (r) => <SideText side={r.side} /> },
            { head: t('col.size'), num: true, cell: (r) => f.num(r.shares) },
            { ...col.mark, testId: 'funding-mark' },
            col.rate,
            col.funding,
          ]}
          rows={rows}
          rowKey={(r) => r.id}
          testId="funding-table"
        />
      ) : (
        <RowCards
          rows={rows}
          rowKey={(r) => r.id}
          head={(r) => <CardHead what={<SideText side={r.side} />} pair={name(r)} time={f.time(r.time)} />}
          lines={[col.mark, col.rate, col.funding]}
        />
      )}
    </ListState>
  );
}
