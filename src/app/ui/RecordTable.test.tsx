import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setLanguage } from '../i18n/index';
import {
  pageCount,
  rangeStart,
  RecordFilters,
  RecordTable,
  type RecordColumn,
  type RecordTableProps,
} from './RecordTable';

beforeAll(async () => {
  await setLanguage('en', { persist: false });
});

interface Row {
  id: number;
  name: string;
  amount: string;
}
const COLUMNS: RecordColumn<Row>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'amount', label: 'Amount', value: (r) => r.amount, numeric: true },
  { key: 'hidden', label: 'Only on desktop', value: () => 'x', inCard: false },
];
const ROWS: Row[] = [
  { id: 1, name: 'first', amount: '1.5' },
  { id: 2, name: 'second', amount: '20' },
];

function table(over: Partial<RecordTableProps<Row>> = {}): ReactElement {
  return (
    <RecordTable<Row>
      columns={COLUMNS}
      rowKey={(r) => r.id}
      page={{ total: 45, rows: ROWS }}
      status="ok"
      pageNum={2}
      pageSize={20}
      onPage={() => undefined}
      desktop
      label="Things"
      {...over}
    />
  );
}
const html = (el: ReactElement) => renderToStaticMarkup(el);
const text = (el: ReactElement) =>
  html(el)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('[RECS-8] the shared paged records table', () => {
  it('desktop: a table with the columns once each, numbers end-aligned in tabular figures', () => {
    const h = html(table());
    expect(h).toContain('<table class="rtable__table" aria-label="Things">');
    expect(h.match(/<th /g)).toHaveLength(3);
    expect(h).toContain('<th scope="col" class="rtable__num">Amount</th>');
    expect(h).toContain('<td class="rtable__num">1.5</td>');
    expect(h.match(/data-testid="record-row"/g)).toHaveLength(2);
    expect(h).not.toContain('rtable__card');
  });

  it('phone: a card per row, titled by the first column (or cardTitle), without the columns kept out of cards', () => {
    const h = html(table({ desktop: false }));
    expect(h).not.toContain('<table');
    expect(h.match(/class="rtable__card"/g)).toHaveLength(2);
    expect(h).toContain('<div class="rtable__card-title">first</div>');
    expect(h).toContain('<dt>Amount</dt><dd class="rtable__num">1.5</dd>');
    expect(h).not.toContain('Only on desktop');
    const titled = html(table({ desktop: false, cardTitle: (r) => `#${r.id}` }));
    expect(titled).toContain('<div class="rtable__card-title">#1</div>');
    expect(titled).toContain('<dt>Name</dt><dd>first</dd>');
  });

  it('pager: page x of y, previous and next disabled at the ends', () => {
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(text(table())).toContain('Previous Page 2 of 3 Next');
    const first = html(table({ pageNum: 1 }));
    expect(first).toMatch(/<button[^>]*disabled=""[^>]*data-testid="pager-prev"/);
    expect(first).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="pager-next"/);
    const last = html(table({ pageNum: 3 }));
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*data-testid="pager-next"/);
    expect(last).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="pager-prev"/);
  });

  it('loading: nothing yet says so; a page already shown stays while the next loads', () => {
    const loading = html(table({ page: undefined, status: 'loading' }));
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain('record-row');
    const reloading = html(table({ status: 'loading' }));
    expect(reloading).not.toContain('aria-busy');
    expect(reloading.match(/data-testid="record-row"/g)).toHaveLength(2);
  });

  it('empty: the caller’s empty view (or "No data"), no pager; a page past the end keeps the pager', () => {
    const empty = text(table({ page: { total: 0, rows: [] } }));
    expect(empty).toBe('No data');
    expect(text(table({ page: { total: 0, rows: [] }, emptyView: <p>Nothing here yet</p> }))).toBe('Nothing here yet');
    const past = text(table({ page: { total: 45, rows: [] }, pageNum: 9 }));
    expect(past).toContain('Page 9 of 3');
  });

  it('error: the reason and a retry, in an alert', () => {
    const h = html(table({ page: undefined, status: 'error', error: 'Network error', onRetry: () => undefined }));
    expect(h).toContain('role="alert"');
    expect(text(table({ page: undefined, status: 'error', error: 'Network error', onRetry: () => undefined }))).toBe(
      'Could not load this Network error Try again',
    );
  });
});

describe('[RECS-9] the filter bar', () => {
  it('a pair select (every pair first) and the four range presets, the chosen one pressed', () => {
    const el = (
      <RecordFilters
        pairs={[
          { value: 'btcusdt', label: 'BTC/USDT' },
          { value: 'ethusdt', label: 'ETH/USDT' },
        ]}
        symbol="ethusdt"
        onSymbol={() => undefined}
        range="7d"
        onRange={() => undefined}
      />
    );
    const h = html(el);
    expect(h).toMatch(/<option value="">All pairs<\/option><option value="btcusdt">BTC\/USDT<\/option>/);
    expect(h).toMatch(/<option value="ethusdt" selected="">ETH\/USDT<\/option>/);
    expect(text(el)).toContain('24 hours 7 days 30 days All time');
    expect(h).toMatch(/aria-pressed="true"[^>]*data-testid="filter-range-7d"/);
    expect(h).toMatch(/aria-pressed="false"[^>]*data-testid="filter-range-all"/);
  });

  it('a preset counts back from when it was chosen; "all" has no start', () => {
    const now = 1_700_000_000_000;
    expect(rangeStart('24h', now)).toBe(now - 86_400_000);
    expect(rangeStart('7d', now)).toBe(now - 7 * 86_400_000);
    expect(rangeStart('30d', now)).toBe(now - 30 * 86_400_000);
    expect(rangeStart('all', now)).toBeUndefined();
  });
});
