/**
 * The user's spot orders under the trading screen (TRADE-14): open orders (with a cancel button each), order
 * history and fills as tabs, paged; a table on the desktop, cards on the phone; loading, empty and error states.
 * Lists follow the private socket's spot news (spotLists.ts); "this pair only" narrows them to the shown pair.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotFill, SpotOrder } from '../../../../../shared/schemas/trading';
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { session } from '../../../../session/store';
import { settings } from '../../../../state/settings';
import { DataState, dataStatus } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { SignInCta } from '../../../../ui/SignInCta';
import { useLanguage } from '../../../../ui/Price';
import { cancelSpotOrder } from '../../spotOrders';
import { CancelOrderButton, OrdersPager } from '../kit/orderListParts';
import { useSpotFills, useSpotOrders } from '../../spotLists';

type Tab = 'open' | 'history' | 'fills';
const TABS: readonly Tab[] = ['open', 'history', 'fills'];
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
  const { isSign, token } = useSnapshot(session);
  const uid = isSign ? token : '';
  const [tab, setTab] = useState<Tab>('open');
  const [onlyPair, setOnlyPair] = useState(false);
  const [pages, setPages] = useState<Record<Tab, number>>({ open: 1, history: 1, fills: 1 });
  const filter = onlyPair ? symbol.toLowerCase() : undefined;
  // Open orders are always fetched: their count is on the tab.
  const open = useSpotOrders(uid, 'open', filter, pages.open, ORDERS_PAGE_SIZE);
  const setPage = (p: number) => setPages((x) => ({ ...x, [tab]: p }));
  const tabLabel = (k: Tab) => (k === 'open' && open.data ? `${t('tab.open')} (${open.data.total})` : t(`tab.${k}`));

  return (
    <section className={`sor${desktop ? ' sor--desk' : ''}`} aria-label={t('myOrders')} data-testid="spot-orders">
      <div className="sor-head">
        <div className="sor-tabs" role="tablist" aria-label={t('myOrders')}>
          {TABS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`sor-tab-${k}`}
              aria-controls="sor-panel"
              aria-selected={tab === k}
              className="sor-tab"
              onClick={() => setTab(k)}
            >
              {tabLabel(k)}
            </button>
          ))}
        </div>
        {uid && (
          <label className="sor-only">
            <input
              type="checkbox"
              checked={onlyPair}
              onChange={(e) => {
                setOnlyPair(e.target.checked);
                setPages({ open: 1, history: 1, fills: 1 });
              }}
            />
            {t('thisPairOnly')}
          </label>
        )}
      </div>
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

function HistoryTab(p: { uid: string; symbol?: string; desktop: boolean; page: number; onPage: (n: number) => void }) {
  const q = useSpotOrders(p.uid, 'history', p.symbol, p.page, ORDERS_PAGE_SIZE);
  return <OrdersList kind="history" q={q} desktop={p.desktop} page={p.page} onPage={p.onPage} />;
}

function FillsTab(p: { uid: string; symbol?: string; desktop: boolean; page: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('trade');
  const q = useSpotFills(p.uid, p.symbol, p.page, ORDERS_PAGE_SIZE);
  const rows = q.data?.rows ?? [];
  return (
    <DataState
      compact
      status={dataStatus(q)}
      error={q.error}
      onRetry={q.reload}
      empty={rows.length === 0 && p.page === 1}
      emptyView={<EmptyState compact title={t('noFills')} />}
    >
      {p.desktop ? <FillTable rows={rows} /> : <FillCards rows={rows} />}
      <OrdersPager ns="trade" page={p.page} total={q.data?.total ?? 0} pageSize={ORDERS_PAGE_SIZE} onPage={p.onPage} />
    </DataState>
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
  const rows = q.data?.rows ?? [];
  return (
    <DataState
      compact
      status={dataStatus(q)}
      error={q.error}
      onRetry={q.reload}
      empty={rows.length === 0 && page === 1}
      emptyView={<EmptyState compact title={t(kind === 'open' ? 'noOpenOrders' : 'noHistory')} />}
    >
      {desktop ? <OrderTable kind={kind} rows={rows} /> : <OrderCards kind={kind} rows={rows} />}
      <OrdersPager ns="trade" page={page} total={q.data?.total ?? 0} pageSize={ORDERS_PAGE_SIZE} onPage={onPage} />
    </DataState>
  );
}

function useFormat() {
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  return {
    num: (v: string | null | undefined) => formatDecimal(v ?? null, lang),
    time: (ms: number) => formatDateTime(ms, { style: 'short', lang, offsetMinutes }),
  };
}

function StatusText({ o }: { o: SpotOrder }) {
  const { t } = useTranslation('trade');
  return (
    <>
      {t(`status.${o.status}`)}
      {o.status === 'cancelled' && o.cancelReason && o.cancelReason !== 'user' ? (
        <span className="sor-reason"> · {t(`reason.${o.cancelReason}`)}</span>
      ) : null}
    </>
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

function OrderTable({ kind, rows }: { kind: 'open' | 'history'; rows: SpotOrder[] }) {
  const { t } = useTranslation('trade');
  const f = useFormat();
  const name = usePairName();
  return (
    <table className="sor-table">
      <caption className="visually-hidden">{t(`tab.${kind}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('col.time')}</th>
          <th scope="col">{t('col.pair')}</th>
          <th scope="col">{t('col.side')}</th>
          <th scope="col" className="num">
            {t('col.price')}
          </th>
          {kind === 'history' && (
            <th scope="col" className="num">
              {t('col.avgPrice')}
            </th>
          )}
          <th scope="col" className="num">
            {t('col.amount')}
          </th>
          <th scope="col" className="num">
            {t('col.filled')}
          </th>
          <th scope="col" className="num">
            {t('col.total')}
          </th>
          {kind === 'history' && (
            <th scope="col" className="num">
              {t('col.fee')}
            </th>
          )}
          <th scope="col">{t('col.status')}</th>
          {kind === 'open' && (
            <th scope="col" className="sor-act">
              <span className="visually-hidden">{t('col.action')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id} data-order-id={o.id}>
            <td className="num sor-time">{f.time(o.createTime)}</td>
            <td dir="ltr">{name(o.symbol)}</td>
            <td>
              <SideText side={o.side} type={o.type} />
            </td>
            <td className="num">{o.type === 'market' ? t('marketPrice') : f.num(o.price)}</td>
            {kind === 'history' && <td className="num">{o.avgPrice ? f.num(o.avgPrice) : '--'}</td>}
            <td className="num">{f.num(o.amount)}</td>
            <td className="num">{f.num(o.filled)}</td>
            <td className="num">{f.num(o.filledTotal)}</td>
            {kind === 'history' && <td className="num">{`${f.num(o.fee)} ${o.feeCoin}`}</td>}
            <td>
              <StatusText o={o} />
            </td>
            {kind === 'open' && (
              <td className="sor-act">
                <CancelOrderButton ns="trade" cancel={() => cancelSpotOrder(o.id)} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrderCards({ kind, rows }: { kind: 'open' | 'history'; rows: SpotOrder[] }) {
  const { t } = useTranslation('trade');
  const f = useFormat();
  const name = usePairName();
  return (
    <ul className="sor-cards">
      {rows.map((o) => (
        <li key={o.id} className="sor-card" data-order-id={o.id}>
          <div className="sor-card__head">
            <SideText side={o.side} type={o.type} />
            <span className="sor-card__pair" dir="ltr">
              {name(o.symbol)}
            </span>
            <span className="sor-card__time num">{f.time(o.createTime)}</span>
          </div>
          <dl className="sor-card__grid">
            <div>
              <dt>{t('col.price')}</dt>
              <dd className="num">{o.type === 'market' ? t('marketPrice') : f.num(o.price)}</dd>
            </div>
            <div>
              <dt>{t('col.amount')}</dt>
              <dd className="num">{f.num(o.amount)}</dd>
            </div>
            <div>
              <dt>{t('col.filled')}</dt>
              <dd className="num">{f.num(o.filled)}</dd>
            </div>
            {kind === 'history' && (
              <div>
                <dt>{t('col.avgPrice')}</dt>
                <dd className="num">{o.avgPrice ? f.num(o.avgPrice) : '--'}</dd>
              </div>
            )}
            <div>
              <dt>{t('col.status')}</dt>
              <dd>
                <StatusText o={o} />
              </dd>
            </div>
          </dl>
          {kind === 'open' && <CancelOrderButton ns="trade" cancel={() => cancelSpotOrder(o.id)} />}
        </li>
      ))}
    </ul>
  );
}

function FillTable({ rows }: { rows: SpotFill[] }) {
  const { t } = useTranslation('trade');
  const f = useFormat();
  const name = usePairName();
  return (
    <table className="sor-table">
      <caption className="visually-hidden">{t('tab.fills')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('col.time')}</th>
          <th scope="col">{t('col.pair')}</th>
          <th scope="col">{t('col.side')}</th>
          <th scope="col">{t('col.role')}</th>
          <th scope="col" className="num">
            {t('col.price')}
          </th>
          <th scope="col" className="num">
            {t('col.amount')}
          </th>
          <th scope="col" className="num">
            {t('col.total')}
          </th>
          <th scope="col" className="num">
            {t('col.fee')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((x) => (
          <tr key={x.id}>
            <td className="num sor-time">{f.time(x.time)}</td>
            <td dir="ltr">{name(x.symbol)}</td>
            <td>
              <SideText side={x.side} />
            </td>
            <td>{t(`role.${x.role}`)}</td>
            <td className="num">{f.num(x.price)}</td>
            <td className="num">{f.num(x.amount)}</td>
            <td className="num">{f.num(x.total)}</td>
            <td className="num">{`${f.num(x.fee)} ${x.feeCoin}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FillCards({ rows }: { rows: SpotFill[] }) {
  const { t } = useTranslation('trade');
  const f = useFormat();
  const name = usePairName();
  return (
    <ul className="sor-cards">
      {rows.map((x) => (
        <li key={x.id} className="sor-card">
          <div className="sor-card__head">
            <SideText side={x.side} />
            <span className="sor-card__pair" dir="ltr">
              {name(x.symbol)}
            </span>
            <span className="sor-card__time num">{f.time(x.time)}</span>
          </div>
          <dl className="sor-card__grid">
            <div>
              <dt>{t('col.price')}</dt>
              <dd className="num">{f.num(x.price)}</dd>
            </div>
            <div>
              <dt>{t('col.amount')}</dt>
              <dd className="num">{f.num(x.amount)}</dd>
            </div>
            <div>
              <dt>{t('col.fee')}</dt>
              <dd className="num">{`${f.num(x.fee)} ${x.feeCoin}`}</dd>
            </div>
            <div>
              <dt>{t('col.role')}</dt>
              <dd>{t(`role.${x.role}`)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
