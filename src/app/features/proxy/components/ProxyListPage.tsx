/**
 * The frame of the proxy's paged screens (PROXY-13): the top bar back to /proxy, a note, the loading, error and
 * empty states of the page shown, its rows and the pager below them (the page number is its state).
 */
import { useState, type ReactNode } from 'react';
import type { QueryResult } from '../../../data/useQuery';
import { TopBar } from '../../../ui/TopBar';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { PROXY_PAGE_SIZE } from '../data';
import { PROXY_PATHS } from '../paths';
import { Pager } from './Pager';
import '../../../ui/programme.css';

export function ProxyListPage<T extends { total: number }>(p: {
  testId: string;
  words: { title: string; note: string; empty: string };
  /** The list's query for a page (1-based). */
  usePage: (pageNum: number) => QueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const [pageNum, setPageNum] = useState(1);
  const page = p.usePage(pageNum);
  const { words } = p;
  return (
    <div className="app-screen" data-testid={p.testId}>
      <TopBar title={words.title} back={PROXY_PATHS.proxy} />
      <div className="app-layout prog-layout">
        <p className="proxy-muted">{words.note}</p>
        <DataState
          status={dataStatus(page)}
          error={page.error}
          onRetry={page.reload}
          empty={page.data?.total === 0}
          emptyView={<EmptyState title={words.empty} />}
        >
          {page.data ? (
            <>
              {p.children(page.data)}
              <Pager pageNum={pageNum} total={page.data.total} pageSize={PROXY_PAGE_SIZE} onPage={setPageNum} />
            </>
          ) : null}
        </DataState>
      </div>
    </div>
  );
}
