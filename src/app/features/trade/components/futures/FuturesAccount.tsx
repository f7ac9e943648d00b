/**
 * The user's futures account under the futures screen (FUI-9, FUI-10): Positions, Open orders (cancel), Order
 * history and Funding as tabs, each with its loading, empty and error states; a table on the desktop, cards on the
 * phone. Position rows come from `useOpenPositions` (the worker's live view, else the REST list); each row's PnL
 * is `position.mark.unrealisedPnl`, computed once by the shared arithmetic, never here. Actions open the close,
 * margin and TP/SL dialogs. A liquidation, take-profit or stop-loss event is told in a toast.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesOrder, Position } from '../../../../../shared/schemas/futures';
import type { FuturesRecord } from '../../../../../shared/schemas/records';
import { Decimal } from '../../../../../shared/decimal';
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { useMark, usePositions } from '../../../../market/hooks';
import { session } from '../../../../session/store';
import { settings } from '../../../../state/settings';
import { DataState, dataStatus } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { toast } from '../../../../ui/toast';
import { ACCOUNT_PATHS } from '../../../account/paths';
import { useLanguage } from '../../../markets/components/Price';
import { cancelFuturesOrder } from '../../futuresOrders';
import { useContractPairs, useFuturesOrders, useFuturesRecords, useOpenPositions } from '../../futuresLists';
import { useContractAvailable } from './FuturesOrderForm';
import { PositionDialogHost, type PositionDialog } from './PositionDialogs';
import { trimMoney, trimTo } from './futuresForm';

type Tab = 'positions' | 'open' | 'history' | 'funding';
const TABS: readonly Tab[] = ['positions', 'open', 'history', 'funding'];
export const FUTURES_PAGE_SIZE = 10;
/** Records fetched for the funding tab (the records call has no kind filter: the funding rows are kept). */
const FUNDING_FETCH = 100;
/** Position events told in a toast (FUI-14). */
const TOLD_EVENTS = ['liquidated', 'takeProfit', 'stopLoss'] as const;

function useFormat() {
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  return {
    num: (v: string | null | undefined) => (v === null || v === undefined ? '--' : formatDecimal(v, lang)),
    /** A USDT amount: exact, trailing zeros beyond 2 decimals dropped. */
    money: (v: string | null | undefined) => (v === null || v === undefined ? '--' : formatDecimal(trimMoney(v), lang)),
    time: (ms: number) => formatDateTime(ms, { style: 'short', lang, offsetMinutes }),
  };
}

function pairName(pairs: ReadonlyMap<string, ContractPair>, symbol: string): string {
  const p = pairs.get(symbol.toLowerCase());
  return p ? `${p.coin}/${p.baseCoin}` : symbol.toUpperCase();
}

/** Percent text of a fraction ("0.1234" -> "12.34%"), exact. */
export function percentOf(fraction: string, lang: string): string {
  return `${formatDecimal(new Decimal(fraction).times(100).toFixed(2), lang)}%`;
}

const signCls = (v: string | null | undefined) =>
  v === null || v === undefined || new Decimal(v).isZero() ? '' : v.startsWith('-') ? ' fo-down' : ' fo-up';

/** Tells a liquidation, take-profit or stop-loss of the user's positions (the worker's POSITION events). */
function EventToasts({ pairs }: { pairs: ReadonlyMap<string, ContractPair> }) {
  const { t } = useTranslation('futures');
  const view = usePositions();
  const count = view?.eventCount ?? 0;
  const event = view?.lastEvent ?? null;
  const seen = useRef(count);
  useEffect(() => {
    const before = seen.current;
    seen.current = count;
    if (count <= before || !event) return;
    if ((TOLD_EVENTS as readonly string[]).includes(event.kind))
      toast(t(`event.${event.kind}`, { pair: pairName(pairs, event.symbol) }), {
        kind: event.kind === 'takeProfit' ? 'success' : 'error',
        duration: 6000,
      });
  }, [count, event, pairs, t]);
  return null;
}

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
          <EmptyState
            compact
            title={t('signInForPositions')}
            action={
              <Link to={ACCOUNT_PATHS.login} className="mk-btn mk-btn--primary">
                {t('logInToTrade')}
              </Link>
            }
          />
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
            <Pager page={pages.open} total={open.data?.total ?? 0} onPage={setPage} />
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
      <Pager page={p.page} total={q.data?.total ?? 0} onPage={p.onPage} />
    </DataState>
  );
}

function FundingTab(p: { uid: string; symbol?: string; pairs: ReadonlyMap<string, ContractPair>; desktop: boolean }) {
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

function SideText({ side, leverage }: { side: 'long' | 'short'; leverage?: number }) {
  const { t } = useTranslation('futures');
  return (
    <span className={`sor-side--${side === 'long' ? 'buy' : 'sell'}`}>
      {t(side)}
      {leverage ? <span className="fa-lev num">{` ${leverage}x`}</span> : null}
    </span>
  );
}

/** One position's live cells: its mark price (the row's, else the pair's mark) and figures. */
function useRowMark(p: Position): string | undefined {
  const pairMark = useMark(p.mark ? undefined : p.symbol);
  return p.mark?.price ?? pairMark?.price;
}

function PositionsList({
  rows,
  pairs,
  desktop,
}: {
  rows: readonly Position[];
  pairs: ReadonlyMap<string, ContractPair>;
  desktop: boolean;
}) {
  const { t } = useTranslation('futures');
  const [dialog, setDialog] = useState<{ kind: PositionDialog; id: number } | null>(null);
  const available = useContractAvailable() ?? '0';
  const chosen = dialog ? rows.find((r) => r.id === dialog.id) : undefined;
  const chosenMark = chosen?.mark?.price;
  const open = (kind: PositionDialog, id: number) => setDialog({ kind, id });
  return (
    <>
      {desktop ? (
        <table className="sor-table fa-table" data-testid="positions-table">
          <caption className="visually-hidden">{t('tab.positions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('col.pair')}</th>
              <th scope="col" className="num">
                {t('col.size')}
              </th>
              <th scope="col" className="num">
                {t('col.entry')}
              </th>
              <th scope="col" className="num">
                {t('col.mark')}
              </th>
              <th scope="col" className="num">
                {t('col.liq')}
              </th>
              <th scope="col" className="num">
                {t('col.margin')}
              </th>
              <th scope="col" className="num">
                {t('col.marginRatio')}
              </th>
              <th scope="col" className="num">
                {t('col.pnl')}
              </th>
              <th scope="col" className="num">
                {t('col.tpsl')}
              </th>
              <th scope="col" className="sor-act">
                <span className="visually-hidden">{t('col.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <PositionRow key={p.id} p={p} name={pairName(pairs, p.symbol)} pair={pairs.get(p.symbol)} onOpen={open} />
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="sor-cards" data-testid="positions-cards">
          {rows.map((p) => (
            <PositionCard key={p.id} p={p} name={pairName(pairs, p.symbol)} pair={pairs.get(p.symbol)} onOpen={open} />
          ))}
        </ul>
      )}
      <PositionDialogHost
        dialog={chosen ? (dialog?.kind ?? null) : null}
        pair={chosen ? pairs.get(chosen.symbol) : undefined}
        position={chosen}
        mark={chosenMark}
        available={available}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

interface RowProps {
  p: Position;
  name: string;
  pair: ContractPair | undefined;
  onOpen: (kind: PositionDialog, id: number) => void;
}

function Actions({ p, pair, onOpen }: Omit<RowProps, 'name'>) {
  const { t } = useTranslation('futures');
  const off = !pair;
  return (
    <div className="fa-actions">
      <button
        type="button"
        className="sor-cancel"
        disabled={off}
        onClick={() => onOpen('margin', p.id)}
        data-testid="margin-position"
      >
        {t('margin')}
      </button>
      <button
        type="button"
        className="sor-cancel"
        disabled={off}
        onClick={() => onOpen('tpsl', p.id)}
        data-testid="tpsl-position"
      >
        {t('tpsl')}
      </button>
      <button
        type="button"
        className="sor-cancel fa-close"
        disabled={off}
        onClick={() => onOpen('close', p.id)}
        data-testid="close-position"
      >
        {t('close')}
      </button>
    </div>
  );
}

function PositionRow({ p, name, pair, onOpen }: RowProps) {
  const f = useFormat();
  const lang = useLanguage();
  const mark = useRowMark(p);
  const fig = p.mark;
  return (
    <tr data-position-id={p.id} data-mark={fig?.price} data-pnl={fig?.unrealisedPnl}>
      <td dir="ltr">
        <span className="fa-pair">{name}</span> <SideText side={p.side} leverage={p.leverage} />
      </td>
      <td className="num">
        {f.num(p.shares)}
        <span className="fa-sub">{` ${f.num(p.quantity)} ${pair?.coin ?? ''}`}</span>
      </td>
      <td className="num">{f.num(trimTo(p.entryPrice, pair?.baseScale ?? 2))}</td>
      <td className="num" data-testid="position-mark">
        {f.num(mark)}
      </td>
      <td className="num fa-liq" data-testid="position-liq">
        {f.num(p.liquidationPrice)}
      </td>
      <td className="num">{f.money(p.margin)}</td>
      <td className="num">{fig ? percentOf(fig.marginRatio, lang) : '--'}</td>
      <td className={`num${signCls(fig?.unrealisedPnl)}`} data-testid="position-pnl">
        {fig ? (
          <>
            {f.money(fig.unrealisedPnl)}
            <span className="fa-sub">{` (${percentOf(fig.returnRate, lang)})`}</span>
          </>
        ) : (
          '--'
        )}
      </td>
      <td className="num" data-testid="position-tpsl">{`${f.num(p.takeProfit)} / ${f.num(p.stopLoss)}`}</td>
      <td className="sor-act">
        <Actions p={p} pair={pair} onOpen={onOpen} />
      </td>
    </tr>
  );
}

function PositionCard({ p, name, pair, onOpen }: RowProps) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  const lang = useLanguage();
  const mark = useRowMark(p);
  const fig = p.mark;
  return (
    <li className="sor-card fa-card" data-position-id={p.id} data-mark={fig?.price} data-pnl={fig?.unrealisedPnl}>
      <div className="sor-card__head">
        <SideText side={p.side} leverage={p.leverage} />
        <span className="sor-card__pair" dir="ltr">
          {name}
        </span>
        <span className={`fa-cardpnl num${signCls(fig?.unrealisedPnl)}`} data-testid="position-pnl">
          {fig ? `${f.money(fig.unrealisedPnl)} (${percentOf(fig.returnRate, lang)})` : '--'}
        </span>
      </div>
      <dl className="sor-card__grid fa-grid">
        <div>
          <dt>{t('col.size')}</dt>
          <dd className="num">{`${f.num(p.shares)} · ${f.num(p.quantity)} ${pair?.coin ?? ''}`}</dd>
        </div>
        <div>
          <dt>{t('col.entry')}</dt>
          <dd className="num">{f.num(trimTo(p.entryPrice, pair?.baseScale ?? 2))}</dd>
        </div>
        <div>
          <dt>{t('col.mark')}</dt>
          <dd className="num" data-testid="position-mark">
            {f.num(mark)}
          </dd>
        </div>
        <div>
          <dt>{t('col.liq')}</dt>
          <dd className="num fa-liq" data-testid="position-liq">
            {f.num(p.liquidationPrice)}
          </dd>
        </div>
        <div>
          <dt>{t('col.margin')}</dt>
          <dd className="num">{f.money(p.margin)}</dd>
        </div>
        <div>
          <dt>{t('col.marginRatio')}</dt>
          <dd className="num">{fig ? percentOf(fig.marginRatio, lang) : '--'}</dd>
        </div>
        <div>
          <dt>{t('col.tpsl')}</dt>
          <dd className="num" data-testid="position-tpsl">{`${f.num(p.takeProfit)} / ${f.num(p.stopLoss)}`}</dd>
        </div>
      </dl>
      <Actions p={p} pair={pair} onOpen={onOpen} />
    </li>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('futures');
  const pages = Math.max(1, Math.ceil(total / FUTURES_PAGE_SIZE));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="sor-pager" aria-label={t('pages')}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('prevPage')}
      </button>
      <span className="num">{t('pageOf', { page, pages })}</span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('nextPage')}
      </button>
    </nav>
  );
}

function CancelButton({ order }: { order: FuturesOrder }) {
  const { t } = useTranslation('futures');
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await cancelFuturesOrder(order.id);
      toast(t('cancelled'), { kind: 'success' });
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="sor-cancel" onClick={cancel} disabled={busy} data-testid="cancel-order">
      {busy ? t('cancelling') : t('cancel')}
    </button>
  );
}

function OrderWhat({ o }: { o: FuturesOrder }) {
  const { t } = useTranslation('futures');
  return (
    <span className={`sor-side--${(o.side === 'long') === (o.action === 'open') ? 'buy' : 'sell'}`}>
      {t(`${o.action}${o.side === 'long' ? 'Long' : 'Short'}`)}
      <span className="sor-type">{` · ${t(o.type)}${o.origin !== 'user' ? ` · ${t(o.origin)}` : ''}`}</span>
    </span>
  );
}

function StatusText({ o }: { o: FuturesOrder }) {
  const { t } = useTranslation('futures');
  return (
    <>
      {t(`status.${o.status}`)}
      {o.status === 'cancelled' && o.cancelReason && o.cancelReason !== 'user' ? (
        <span className="sor-reason">{` · ${t(`reason.${o.cancelReason}`)}`}</span>
      ) : null}
    </>
  );
}

function OrdersList({
  kind,
  rows,
  pairs,
  desktop,
}: {
  kind: 'open' | 'history';
  rows: readonly FuturesOrder[];
  pairs: ReadonlyMap<string, ContractPair>;
  desktop: boolean;
}) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  if (!desktop)
    return (
      <ul className="sor-cards">
        {rows.map((o) => (
          <li key={o.id} className="sor-card" data-order-id={o.id}>
            <div className="sor-card__head">
              <OrderWhat o={o} />
              <span className="sor-card__pair" dir="ltr">
                {`${pairName(pairs, o.symbol)} ${o.leverage}x`}
              </span>
              <span className="sor-card__time num">{f.time(o.createTime)}</span>
            </div>
            <dl className="sor-card__grid">
              <div>
                <dt>{t('col.price')}</dt>
                <dd className="num">{o.type === 'market' ? t('market') : f.num(o.price)}</dd>
              </div>
              <div>
                <dt>{t('col.size')}</dt>
                <dd className="num">{`${f.num(o.filledShares)} / ${f.num(o.shares)}`}</dd>
              </div>
              {kind === 'history' && (
                <div>
                  <dt>{t('col.avgPrice')}</dt>
                  <dd className="num">{f.num(o.avgPrice)}</dd>
                </div>
              )}
              <div>
                <dt>{t('col.status')}</dt>
                <dd>
                  <StatusText o={o} />
                </dd>
              </div>
            </dl>
            {kind === 'open' && <CancelButton order={o} />}
          </li>
        ))}
      </ul>
    );
  return (
    <table className="sor-table">
      <caption className="visually-hidden">{t(`tab.${kind}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('col.time')}</th>
          <th scope="col">{t('col.pair')}</th>
          <th scope="col">{t('col.order')}</th>
          <th scope="col" className="num">
            {t('col.price')}
          </th>
          {kind === 'history' && (
            <th scope="col" className="num">
              {t('col.avgPrice')}
            </th>
          )}
          <th scope="col" className="num">
            {t('col.filledSize')}
          </th>
          {kind === 'open' && (
            <th scope="col" className="num">
              {t('col.held')}
            </th>
          )}
          {kind === 'history' && (
            <>
              <th scope="col" className="num">
                {t('col.fee')}
              </th>
              <th scope="col" className="num">
                {t('col.realised')}
              </th>
            </>
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
            <td dir="ltr">{`${pairName(pairs, o.symbol)} ${o.leverage}x`}</td>
            <td>
              <OrderWhat o={o} />
            </td>
            <td className="num">{o.type === 'market' ? t('market') : f.num(o.price)}</td>
            {kind === 'history' && <td className="num">{f.num(o.avgPrice)}</td>}
            <td className="num">{`${f.num(o.filledShares)} / ${f.num(o.shares)}`}</td>
            {kind === 'open' && <td className="num">{f.money(o.heldMargin)}</td>}
            {kind === 'history' && (
              <>
                <td className="num">{f.money(o.fee)}</td>
                <td className={`num${signCls(o.realisedPnl)}`}>{f.money(o.realisedPnl)}</td>
              </>
            )}
            <td>
              <StatusText o={o} />
            </td>
            {kind === 'open' && (
              <td className="sor-act">
                <CancelButton order={o} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
