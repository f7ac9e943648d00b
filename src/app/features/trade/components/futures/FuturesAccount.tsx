/**
 * The user's futures account under the futures screen (FUI-9, FUI-10): Positions, Open orders (cancel), Order
 * history and Funding as tabs, each with its loading, empty and error states; a table on the desktop, cards on the
 * phone. Position rows come from `useOpenPositions` (the worker's live view, else the REST list); each row's PnL
 * is `position.mark.unrealisedPnl`, computed once by the shared arithmetic, never here. Actions open the close,
 * margin and TP/SL dialogs. A liquidation, take-profit or stop-loss event is told in a toast.
 *
 * This file holds the tabs and the funding list; the positions are in FuturesPositions.tsx, the order lists and
 * the pager in FuturesOrdersList.tsx, the shared cells and formats in futuresCells.tsx.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesRecord } from '../../../../../shared/schemas/records';
import { session } from '../../../../session/store';
import { DataState, dataStatus } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { SignInCta } from '../../../../ui/SignInCta';
import { useLanguage } from '../../../../ui/Price';
import { useContractPairs, useFuturesOrders, useFuturesRecords, useOpenPositions } from '../../futuresLists';
import { pairName, percentOf, SideText, signCls, useFormat } from './futuresCells';
import { FUTURES_PAGE_SIZE, OrdersList } from './FuturesOrdersList';
import { OrdersPager } from '../kit/orderListParts';
import { EventToasts, PositionsList } from './FuturesPositions';

type Tab = 'positions' | 'open' | 'history' | 'funding';
const TABS: readonly Tab[] = ['positions', 'open', 'history', 'funding'];
/** Records fetched for the funding tab (the records call has no kind filter: the funding rows are kept). */
const FUNDING_FETCH = 100;

export function FuturesAccount({ symbol, desktop }: { symbol: string; desktop: boolean }) {
  const { t } = useTranslation('futures');
  const { isSign, token } = useSnapshot(session);
  const uid = isSign ? token : '';
  const [tab, setTab] = useState<Tab>('positions');
  const [onlyPair, setOnlyPair] = useState(false);
  const [pages, setPages] = useState<Record<Tab, number>>({ positions: 1, open: 1, history: 1, funding: 1 });
  const filter = onlyPair ? symbol.toLowerCase() : undefined;
  const pairs = useContractPairs();
  const positions = useOpenPositions(uid);
  const open = useFuturesOrders(uid, 'open', filter, pages.open, FUTURES_PAGE_SIZE);
  const setPage = (p: number) => setPages((x) => ({ ...x, [tab]: p }));
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
      <div className="sor-head">
        <div className="sor-tabs" role="tablist" aria-label={t('myFutures')}>
          {TABS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`fa-tab-${k}`}
              aria-controls="fa-panel"
              aria-selected={tab === k}
              className="sor-tab"
              onClick={() => setTab(k)}
            >
              {label(k)}
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
                setPages({ positions: 1, open: 1, history: 1, funding: 1 });
              }}
            />
            {t('thisPairOnly')}
          </label>
        )}
      </div>
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
          <DataState
            compact
            status={dataStatus(open)}
            error={open.error}
            onRetry={open.reload}
            empty={(open.data?.rows.length ?? 0) === 0 && pages.open === 1}
            emptyView={<EmptyState compact title={t('noOpenOrders')} />}
          >
            <OrdersList kind="open" rows={open.data?.rows ?? []} pairs={pairs} desktop={desktop} />
            <OrdersPager
              ns="futures"
              page={pages.open}
              total={open.data?.total ?? 0}
              pageSize={FUTURES_PAGE_SIZE}
              onPage={setPage}
            />
          </DataState>
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
    <DataState
      compact
      status={dataStatus(q)}
      error={q.error}
      onRetry={q.reload}
      empty={(q.data?.rows.length ?? 0) === 0 && p.page === 1}
      emptyView={<EmptyState compact title={t('noHistory')} />}
    >
      <OrdersList kind="history" rows={q.data?.rows ?? []} pairs={p.pairs} desktop={p.desktop} />
      <OrdersPager
        ns="futures"
        page={p.page}
        total={q.data?.total ?? 0}
        pageSize={FUTURES_PAGE_SIZE}
        onPage={p.onPage}
      />
    </DataState>
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
  return (
    <DataState
      compact
      status={dataStatus(q)}
      error={q.error}
      onRetry={q.reload}
      empty={rows.length === 0}
      emptyView={<EmptyState compact title={t('noFunding')} />}
    >
      {p.desktop ? (
        <table className="sor-table" data-testid="funding-table">
          <caption className="visually-hidden">{t('tab.funding')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('col.time')}</th>
              <th scope="col">{t('col.pair')}</th>
              <th scope="col">{t('col.side')}</th>
              <th scope="col" className="num">
                {t('col.size')}
              </th>
              <th scope="col" className="num">
                {t('markPrice')}
              </th>
              <th scope="col" className="num">
                {t('col.rate')}
              </th>
              <th scope="col" className="num">
                {t('col.funding')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="num sor-time">{f.time(r.time)}</td>
                <td dir="ltr">{pairName(p.pairs, r.symbol)}</td>
                <td>
                  <SideText side={r.side} />
                </td>
                <td className="num">{f.num(r.shares)}</td>
                <td className="num" dir="ltr" data-testid="funding-mark">
                  {f.num(r.price)}
                </td>
                <td className="num">{r.rate ? percentOf(r.rate, lang) : '--'}</td>
                <td className={`num${signCls(r.pnl)}`}>{`${f.money(r.pnl)} USDT`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="sor-cards">
          {rows.map((r) => (
            <FundingCard key={r.id} r={r} name={pairName(p.pairs, r.symbol)} />
          ))}
        </ul>
      )}
    </DataState>
  );
}

function FundingCard({ r, name }: { r: FuturesRecord; name: string }) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  const lang = useLanguage();
  return (
    <li className="sor-card">
      <div className="sor-card__head">
        <SideText side={r.side} />
        <span className="sor-card__pair" dir="ltr">
          {name}
        </span>
        <span className="sor-card__time num">{f.time(r.time)}</span>
      </div>
      <dl className="sor-card__grid">
        <div>
          <dt>{t('markPrice')}</dt>
          <dd className="num" dir="ltr">
            {f.num(r.price)}
          </dd>
        </div>
        <div>
          <dt>{t('col.rate')}</dt>
          <dd className="num">{r.rate ? percentOf(r.rate, lang) : '--'}</dd>
        </div>
        <div>
          <dt>{t('col.funding')}</dt>
          <dd className={`num${signCls(r.pnl)}`}>{`${f.money(r.pnl)} USDT`}</dd>
        </div>
      </dl>
    </li>
  );
}
