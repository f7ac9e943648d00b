/**
 * The user's spot orders under the trading screen (TRADE-14): open orders (with a cancel button each), order
 * history and fills as tabs, paged; a table on the desktop, cards on the phone; loading, empty and error states.
 * Lists follow the private socket's spot news (spotLists.ts); "this pair only" narrows them to the shown pair.
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotFill, SpotOrder } from '../../../../../shared/schemas/trading';
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { settings } from '../../../../state/settings';
import { SignInCta } from '../../../../ui/SignInCta';
import { useLanguage } from '../../../../ui/Price';
import { cancelSpotOrder } from '../../spotOrders';
import { CancelOrderButton, OrderStatusText } from '../kit/orderListParts';
import { CardHead, ListState, ListTabs, RowCards, RowsTable, useListTabs, type Column } from '../kit/RowsView';
import { useSpotFills, useSpotOrders } from '../../spotLists';

type Tab = 'open' | 'history' | 'fills';
const TABS: readonly [Tab, ...Tab[]] = ['open', 'history', 'fills'];
export const ORDERS_PAGE_SIZE = 10;

/** "BTC/USDT" for "btcusdt", from the spot list (the symbol in capitals when unknown). */
function usePairName(): (symbol: string) => string {
  const { coins } = useSnapshot(settings);
  const list = coins.currencyList ?? [];
  return (symbol: string) => {
    const p = list.find((c) => c.symbol.toLowerCase() === symbol.toLowerCase());
    return p ? `${p.coin}/${p.baseCoin}` : symbol.toUpperCase();
  };
}

export function SpotOrders({ symbol, desktop }: { symbol: string; desktop: boolean }) {
  const { t } = useTranslation('trade');
  const lists = useListTabs(TABS, symbol);
  const { uid, tab, pages, setPage, filter } = lists;
  // Open orders are always fetched: their count is on the tab.
  const open = useSpotOrders(uid, 'open', filter, pages.open, ORDERS_PAGE_SIZE);
  const tabLabel = (k: Tab) => (k === 'open' && open.data ? `${t('tab.open')} (${open.data.total})` : t(`tab.${k}`));

  return (
    <section className={`sor${desktop ? ' sor--desk' : ''}`} aria-label={t('myOrders')} data-testid="spot-orders">
      <ListTabs ns="trade" label={t('myOrders')} lists={lists} text={tabLabel} idPrefix="sor" />
      <div id="sor-panel" role="tabpanel" aria-labelledby={`sor-tab-${tab}`} className="sor-body">
        {!uid ? (
          <SignInCta compact title={t('signInForOrders')} />
        ) : tab === 'open' ? (
          <OrdersList kind="open" q={open} desktop={desktop} page={pages.open} onPage={setPage} />
        ) : tab === 'history' ? (
          <HistoryTab uid={uid} symbol={filter} desktop={desktop} page={pages.history} onPage={setPage} />
        ) : (
          <FillsTab uid={uid} symbol={filter} desktop={desktop} page={pages.fills} onPage={setPage} />
        )}
      </div>
    </section>
  );
}

interface TabProps {
  uid: string;
  symbol?: string;
  desktop: boolean;
  page: number;
  onPage: (n: number) => void;
}

function HistoryTab(p: TabProps) {
  const q = useSpotOrders(p.uid, 'history', p.symbol, p.page, ORDERS_PAGE_SIZE);
  return <OrdersList kind="history" q={q} desktop={p.desktop} page={p.page} onPage={p.onPage} />;
}

function useFormat() {
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  const name = usePairName();
  return {
    num: (v: string | null | undefined) => formatDecimal(v ?? null, lang),
    time: (ms: number) => formatDateTime(ms, { style: 'short', lang, offsetMinutes }),
    name,
  };
}

/** The columns every spot list starts with: its time, pair and side. */
function leadColumns<R extends { symbol: string; side: 'buy' | 'sell' }>(
  t: (k: string) => string,
  f: ReturnType<typeof useFormat>,
  time: (r: R) => number,
  type?: (r: R) => 'limit' | 'market',
): Column<R>[] {
  return [
    { head: t('col.time'), cls: 'num sor-time', cell: (r) => f.time(time(r)) },
    { head: t('col.pair'), ltr: true, cell: (r) => f.name(r.symbol) },
    { head: t('col.side'), cell: (r) => <SideText side={r.side} type={type?.(r)} /> },
  ];
}

function FillsTab(p: TabProps) {
  const { t } = useTranslation('trade');
  const f = useFormat();
  const q = useSpotFills(p.uid, p.symbol, p.page, ORDERS_PAGE_SIZE);
  const rows = q.data?.rows ?? [];
  const price: Column<SpotFill> = { head: t('col.price'), num: true, cell: (x) => f.num(x.price) };
  const amount: Column<SpotFill> = { head: t('col.amount'), num: true, cell: (x) => f.num(x.amount) };
  const fee: Column<SpotFill> = { head: t('col.fee'), num: true, cell: (x) => `${f.num(x.fee)} ${x.feeCoin}` };
  const role: Column<SpotFill> = { head: t('col.role'), cell: (x) => t(`role.${x.role}`) };
  const total: Column<SpotFill> = { head: t('col.total'), num: true, cell: (x) => f.num(x.total) };
  return (
    <ListState
      ns="trade"
      q={q}
      empty={rows.length === 0}
      emptyTitle={t('noFills')}
      paged={{ page: p.page, pageSize: ORDERS_PAGE_SIZE, onPage: p.onPage }}
    >
      {p.desktop ? (
        <RowsTable
          caption={t('tab.fills')}
          columns={[...leadColumns<SpotFill>(t, f, (x) => x.time), role, price, amount, total, fee]}
          rows={rows}
          rowKey={(x) => x.id}
        />
      ) : (
        <RowCards
          rows={rows}
          rowKey={(x) => x.id}
          head={(x) => <CardHead what={<SideText side={x.side} />} pair={f.name(x.symbol)} time={f.time(x.time)} />}
          lines={[price, amount, fee, role]}
        />
      )}
    </ListState>
  );
}

interface ListQuery {
  status: 'loading' | 'ok' | 'error';
  data?: { total: number; rows: SpotOrder[] };
  error?: string;
  reload: () => void;
}

function OrdersList({
  kind,
  q,
  desktop,
  page,
  onPage,
}: {
  kind: 'open' | 'history';
  q: ListQuery;
  desktop: boolean;
  page: number;
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation('trade');
  const f = useFormat();
  const rows = q.data?.rows ?? [];
  const history = kind === 'history';
  const col = {
    price: { head: t('col.price'), num: true, cell: (o) => (o.type === 'market' ? t('marketPrice') : f.num(o.price)) },
    avgPrice: { head: t('col.avgPrice'), num: true, cell: (o) => (o.avgPrice ? f.num(o.avgPrice) : '--') },
    amount: { head: t('col.amount'), num: true, cell: (o) => f.num(o.amount) },
    filled: { head: t('col.filled'), num: true, cell: (o) => f.num(o.filled) },
    total: { head: t('col.total'), num: true, cell: (o) => f.num(o.filledTotal) },
    fee: { head: t('col.fee'), num: true, cell: (o) => `${f.num(o.fee)} ${o.feeCoin}` },
    status: { head: t('col.status'), cell: (o) => <OrderStatusText ns="trade" order={o} /> },
  } satisfies Record<string, Column<SpotOrder>>;
  const cancel = (o: SpotOrder) => <CancelOrderButton ns="trade" cancel={() => cancelSpotOrder(o.id)} />;
  return (
    <ListState
      ns="trade"
      q={q}
      empty={rows.length === 0}
      emptyTitle={t(kind === 'open' ? 'noOpenOrders' : 'noHistory')}
      paged={{ page, pageSize: ORDERS_PAGE_SIZE, onPage }}
    >
      {desktop ? (
        <RowsTable
          caption={t(`tab.${kind}`)}
          columns={[
            ...leadColumns<SpotOrder>(
              t,
              f,
              (o) => o.createTime,
              (o) => o.type,
            ),
            col.price,
            history && col.avgPrice,
            col.amount,
            col.filled,
            col.total,
            history && col.fee,
            col.status,
          ]}
          rows={rows}
          rowKey={(o) => o.id}
          rowAttrs={(o) => ({ 'data-order-id': o.id })}
          action={history ? undefined : { label: t('col.action'), cell: cancel }}
        />
      ) : (
        <RowCards
          rows={rows}
          rowKey={(o) => o.id}
          rowAttrs={(o) => ({ 'data-order-id': o.id })}
          head={(o) => (
            <CardHead
              what={<SideText side={o.side} type={o.type} />}
              pair={f.name(o.symbol)}
              time={f.time(o.createTime)}
            />
          )}
          lines={[col.price, col.amount, col.filled, history && col.avgPrice, col.status]}
          foot={history ? undefined : cancel}
        />
      )}
    </ListState>
  );
}

function SideText({ side, type }: { side: 'buy' | 'sell'; type?: 'limit' | 'market' }) {
  const { t } = useTranslation('trade');
  return (
    <span className={`sor-side sor-side--${side}`}>
      {t(side)}
      {type ? <span className="sor-type"> · {t(type)}</span> : null}
    </span>
  );
}
