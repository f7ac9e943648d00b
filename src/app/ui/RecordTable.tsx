/**
 * The shared paged records table (RECS-8, RECS-9): columns described once (label, value, numeric or not), shown
 * as a table on desktop and as cards on the phone; numbers end-aligned in tabular figures; "previous / next" with
 * "page x of y"; the loading, error and empty states of DataState. `RecordFilters` is the filter bar above it:
 * the pair and a time range preset (24 h, 7 d, 30 d, all). Paging and filtering are the caller's state: the
 * table only reports what the customer chose.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataState, type DataStatus } from './DataState';
import './recordTable.css';

export interface RecordColumn<R> {
  key: string;
  label: ReactNode;
  value: (row: R) => ReactNode;
  /** A number or an amount: end-aligned, tabular figures. */
  numeric?: boolean;
  /** false: left out of the phone's cards (when the card's title already shows it). */
  inCard?: boolean;
}

export interface RecordPage<R> {
  total: number;
  rows: readonly R[];
}

export interface RecordTableProps<R> {
  columns: readonly RecordColumn<R>[];
  rowKey: (row: R) => string | number;
  /** What the server answered (undefined while nothing has arrived). */
  page: RecordPage<R> | undefined;
  status: DataStatus;
  error?: string;
  onRetry?: () => void;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  desktop: boolean;
  /** The table's accessible name. */
  label: string;
  emptyView?: ReactNode;
  /** Phone: the card's heading (default: the first column's value). */
  cardTitle?: (row: R) => ReactNode;
}

/** How many pages `total` rows fill (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function RecordTable<R>(p: RecordTableProps<R>) {
  const rows = p.page?.rows ?? [];
  const total = p.page?.total ?? 0;
  return (
    <div className="rtable" data-testid="record-table">
      <DataState
        status={p.page ? 'ok' : p.status}
        error={p.error}
        onRetry={p.onRetry}
        empty={rows.length === 0 && total === 0}
        emptyView={p.emptyView}
        compact
      >
        {rows.length === 0 ? null : p.desktop ? <Table {...p} rows={rows} /> : <Cards {...p} rows={rows} />}
        <Pager pageNum={p.pageNum} pages={pageCount(total, p.pageSize)} onPage={p.onPage} />
      </DataState>
    </div>
  );
}

function Table<R>({ columns, rowKey, rows, label }: RecordTableProps<R> & { rows: readonly R[] }) {
  return (
    <div className="rtable__scroll">
      <table className="rtable__table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'rtable__num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} data-testid="record-row">
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? 'rtable__num' : undefined}>
                  {c.value(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards<R>({ columns, rowKey, rows, label, cardTitle }: RecordTableProps<R> & { rows: readonly R[] }) {
  const [first, ...rest] = columns;
  const body = (cardTitle ? columns : rest).filter((c) => c.inCard !== false);
  return (
    <ul className="rtable__cards" aria-label={label}>
      {rows.map((r) => (
        <li key={rowKey(r)} className="rtable__card" data-testid="record-row">
          <div className="rtable__card-title">{cardTitle ? cardTitle(r) : first?.value(r)}</div>
          <dl className="facts rtable__fields">
            {body.map((c) => (
              <div key={c.key}>
                <dt>{c.label}</dt>
                <dd className={c.numeric ? 'rtable__num' : undefined}>{c.value(r)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Pager({ pageNum, pages, onPage }: { pageNum: number; pages: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('common');
  return (
    <nav className="pager rtable__pager" aria-label={t('ui.pager.label')}>
      <button
        type="button"
        className="rtable__page-btn"
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
        data-testid="pager-prev"
      >
        {t('ui.pager.prev')}
      </button>
      <span className="rtable__page" aria-live="polite" data-testid="pager-page">
        {t('ui.pager.page', { page: pageNum, pages })}
      </span>
      <button
        type="button"
        className="rtable__page-btn"
        disabled={pageNum >= pages}
        onClick={() => onPage(pageNum + 1)}
        data-testid="pager-next"
      >
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}

// ------------------------------------------------------------------------------------------- the filter bar

export const RANGE_PRESETS = ['24h', '7d', '30d', 'all'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_MS: Record<RangePreset, number | undefined> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  all: undefined,
};

/** RECS-9: the window start of a preset counted back from `now` (undefined: no start). */
export function rangeStart(preset: RangePreset, now: number): number | undefined {
  const span = RANGE_MS[preset];
  return span === undefined ? undefined : now - span;
}

export interface PairOption {
  value: string;
  label: string;
}

export interface RecordFiltersProps {
  pairs: readonly PairOption[];
  /** '' = every pair. */
  symbol: string;
  onSymbol: (symbol: string) => void;
  range: RangePreset;
  onRange: (range: RangePreset) => void;
}

export function RecordFilters({ pairs, symbol, onSymbol, range, onRange }: RecordFiltersProps) {
  const { t } = useTranslation('common');
  return (
    <div className="rtable__filters" data-testid="record-filters">
      <label className="rtable__filter">
        <span className="rtable__filter-label">{t('ui.filter.pair')}</span>
        <select
          className="rtable__select"
          value={symbol}
          onChange={(e) => onSymbol(e.currentTarget.value)}
          data-testid="filter-pair"
        >
          <option value="">{t('ui.filter.allPairs')}</option>
          {pairs.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <div className="rtable__ranges" role="group" aria-label={t('ui.filter.range')}>
        {RANGE_PRESETS.map((r) => (
          <button
            key={r}
            type="button"
            className="rtable__range"
            aria-pressed={r === range}
            onClick={() => onRange(r)}
            data-testid={`filter-range-${r}`}
          >
            {t(`ui.filter.ranges.${r}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
