/**
 * The trading kit's lists of the user's rows (spot's orders and fills, futures' positions, orders and funding): a
 * table on the desktop and cards on the phone, with the columns and card lines supplied by the mode; the tabs above
 * them with "this pair only"; and a paged list's loading, empty and error states with its pager. The markup and
 * class names are the spot list's (`sor-*`), which the futures account shares.
 */
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../../../state/session';
import { DataState, dataStatus, type DataStatus } from '../../../../ui/DataState';
import { EmptyState } from '../../../../ui/EmptyState';
import { OrdersPager } from './orderListParts';

type Ns = 'trade' | 'futures';
type Attrs = Record<`data-${string}`, string | number | undefined>;

/** One column: its heading, its cell, and the cell's class (`num` for a number, right-aligned, heading too). */
export interface Column<R> {
  head: ReactNode;
  cell: (r: R) => ReactNode;
  num?: boolean;
  /** The cell's class when it is not just `num` (a time, a signed figure). */
  cls?: string | ((r: R) => string);
  ltr?: boolean;
  testId?: string;
}

/** Columns and card lines shown in one kind of list only are given as `false` there. */
type Maybe<T> = T | false;
const shown = <T,>(xs: readonly Maybe<T>[]) => xs.filter((x): x is T => x !== false);

function cellClass<R>(c: Column<R>, r: R): string | undefined {
  if (c.cls === undefined) return c.num ? 'num' : undefined;
  return typeof c.cls === 'string' ? c.cls : c.cls(r);
}

function Cell<R>({ c, r, tag: Tag }: { c: Column<R>; r: R; tag: 'td' | 'dd' }) {
  return (
    <Tag className={cellClass(c, r)} dir={c.ltr ? 'ltr' : undefined} data-testid={c.testId}>
      {c.cell(r)}
    </Tag>
  );
}

/** The desktop's table; `action` adds a last column without a visible heading (cancel, a position's actions). */
export function RowsTable<R>(p: {
  caption: string;
  columns: readonly Maybe<Column<R>>[];
  rows: readonly R[];
  rowKey: (r: R) => number | string;
  rowAttrs?: (r: R) => Attrs;
  action?: { label: string; cell: (r: R) => ReactNode };
  className?: string;
  testId?: string;
  /** The table element, for a writer of live cells (PERF-83). */
  rootRef?: Ref<HTMLTableElement>;
}) {
  const cols = shown(p.columns);
  return (
    <table ref={p.rootRef} className={p.className ?? 'sor-table'} data-testid={p.testId}>
      <caption className="visually-hidden">{p.caption}</caption>
      <thead>
        <tr>
          {cols.map((c, i) => (
            <th key={i} scope="col" className={c.num ? 'num' : undefined}>
              {c.head}
            </th>
          ))}
          {p.action && (
            <th scope="col" className="sor-act">
              <span className="visually-hidden">{p.action.label}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {p.rows.map((r) => (
          <tr key={p.rowKey(r)} {...p.rowAttrs?.(r)}>
            {cols.map((c, i) => (
              <Cell key={i} c={c} r={r} tag="td" />
            ))}
            {p.action && <td className="sor-act">{p.action.cell(r)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The phone's cards: a head line, the card's lines (`head` is the line's label) and what follows (cancel). */
export function RowCards<R>(p: {
  rows: readonly R[];
  rowKey: (r: R) => number | string;
  rowAttrs?: (r: R) => Attrs;
  head: (r: R) => ReactNode;
  lines: readonly Maybe<Column<R>>[];
  foot?: (r: R) => ReactNode;
  /** Classes added to each card and to its lines' list. */
  extra?: { card: string; grid: string };
  testId?: string;
  /** The list element, for a writer of live cells (PERF-83). */
  rootRef?: Ref<HTMLUListElement>;
}) {
  const lines = shown(p.lines);
  const extra = (cls: string, more: string | undefined) => (more ? `${cls} ${more}` : cls);
  return (
    <ul ref={p.rootRef} className="sor-cards" data-testid={p.testId}>
      {p.rows.map((r) => (
        <li key={p.rowKey(r)} className={extra('sor-card', p.extra?.card)} {...p.rowAttrs?.(r)}>
          <div className="sor-card__head">{p.head(r)}</div>
          <dl className={extra('sor-card__grid', p.extra?.grid)}>
            {lines.map((c, i) => (
              <div key={i}>
                <dt>{c.head}</dt>
                <Cell c={c} r={r} tag="dd" />
              </div>
            ))}
          </dl>
          {p.foot?.(r)}
        </li>
      ))}
    </ul>
  );
}

/** A card's head: what the row is, its pair and its time. */
export function CardHead({ what, pair, time }: { what: ReactNode; pair: string; time: string }) {
  return (
    <>
      {what}
      <span className="sor-card__pair" dir="ltr">
        {pair}
      </span>
      <span className="sor-card__time num">{time}</span>
    </>
  );
}

/** A list's loading, empty and error states, and (with `pageSize`) its pager. */
export function ListState(p: {
  ns: Ns;
  q: { status: DataStatus; data?: { total: number }; error?: string; reload: () => void };
  empty: boolean;
  emptyTitle: string;
  paged?: { page: number; pageSize: number; onPage: (n: number) => void };
  children: ReactNode;
}) {
  return (
    <DataState
      compact
      status={dataStatus(p.q)}
      error={p.q.error}
      onRetry={p.q.reload}
      empty={p.empty && (p.paged?.page ?? 1) === 1}
      emptyView={<EmptyState compact title={p.emptyTitle} />}
    >
      {p.children}
      {p.paged && <OrdersPager ns={p.ns} total={p.q.data?.total ?? 0} {...p.paged} />}
    </DataState>
  );
}

/**
 * The state of a mode's account lists: whose they are (`uid`, '' signed out), the tab shown (the first at the start), "this pair only" (`filter`: the
 * shown pair's symbol while it is on) and each tab's page; turning the filter sends every tab to its first page.
 */
export function useListTabs<K extends string>(tabs: readonly [K, ...K[]], symbol: string) {
  const firstPages = () => Object.fromEntries(tabs.map((k) => [k, 1])) as Record<K, number>;
  const [tab, setTab] = useState<K>(tabs[0]);
  const [onlyPair, setOnlyPair] = useState(false);
  const [pages, setPages] = useState(firstPages);
  const { isSign, token } = useSnapshot(session);
  return {
    uid: isSign ? token : '',
    tabs,
    tab,
    setTab,
    onlyPair,
    setOnlyPair: (on: boolean) => {
      setOnlyPair(on);
      setPages(firstPages());
    },
    pages,
    setPage: (page: number) => setPages((x) => ({ ...x, [tab]: page })),
    filter: onlyPair ? symbol.toLowerCase() : undefined,
  };
}

/** The tabs above the lists and, signed in, "this pair only". */
export function ListTabs<K extends string>(p: {
  ns: Ns;
  label: string;
  lists: ReturnType<typeof useListTabs<K>>;
  text: (k: K) => string;
  /** The tabs' ids are `${idPrefix}-tab-${k}`; they control `${idPrefix}-panel`. */
  idPrefix: string;
}) {
  const { t } = useTranslation(p.ns);
  const { tab, onlyPair } = p.lists;
  return (
    <div className="sor-head">
      <div className="sor-tabs" role="tablist" aria-label={p.label}>
        {p.lists.tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${p.idPrefix}-tab-${k}`}
            aria-controls={`${p.idPrefix}-panel`}
            aria-selected={tab === k}
            className="sor-tab"
            onClick={() => p.lists.setTab(k)}
          >
            {p.text(k)}
          </button>
        ))}
      </div>
      {p.lists.uid !== '' && (
        <label className="sor-only">
          <input type="checkbox" checked={onlyPair} onChange={(e) => p.lists.setOnlyPair(e.target.checked)} />
          {t('thisPairOnly')}
        </label>
      )}
    </div>
  );
}
