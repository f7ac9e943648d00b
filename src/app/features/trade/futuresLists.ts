/**
 * The caller's futures data through the one query cache (FUI-9, FUI-10): open positions, open orders, order
 * history and funding records, one page at a time, fetched again when the private socket says something of the
 * futures account changed (USER_STATUS kind `futures`) or a POSITION frame carried an event; never polled.
 *
 * Live positions come ONLY from the worker (`usePositions()`, valued at every mark there, one commit a frame at
 * most); until its first batch the REST `position/list`, which carries the server's figures at its mark, is shown.
 * The futures screen hears only their structure (`usePositionStructure()`, PERF-84): it commits when a position
 * opens, closes or changes, not for a mark, and its table writes the live figures outside React (PERF-83).
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { futuresApi } from '../../../shared/api/futures';
import { recordsApi } from '../../../shared/api/records';
import type { FundingInfo, FuturesOrderPage, Position } from '../../../shared/schemas/futures';
import type { FuturesRecordPage } from '../../../shared/schemas/records';
import type { ContractPair } from '../../../shared/schemas/coins';
import { call } from '../../api/client';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';
import type { PositionsView } from '../../../engine';
import { usePositions, usePositionStructure } from '../../market/hooks';
import { useStatusRefetch } from '../../market/useStatusRefetch';
import { settings } from '../../state/settings';
import { useOwnPage, usePairIn } from './components/kit/ownLists';
import { useMemo } from 'react';

/** USER_STATUS kinds that concern the futures account. */
export const FUTURES_STATUS_KINDS = ['futures'] as const;

/** The contract pair of `symbol` with its rules (3.4 contractList), or undefined. */
export function useContractPair(symbol: string): ContractPair | undefined {
  const { coins } = useSnapshot(settings);
  return usePairIn(coins.contractList as readonly ContractPair[] | undefined, symbol);
}

/** Every contract pair, by lower-case symbol (the positions of other pairs need their rules too). */
export function useContractPairs(): ReadonlyMap<string, ContractPair> {
  const { coins } = useSnapshot(settings);
  const list = coins.contractList as readonly ContractPair[] | undefined;
  return useMemo(() => new Map((list ?? []).map((p) => [p.symbol.toLowerCase(), p as ContractPair])), [list]);
}

/** Calls `reload` when the worker's POSITION event count moves (a fill, a liquidation, a trigger, funding). */
function useEventRefetch(reload: () => void, enabled: boolean): void {
  const count = usePositionStructure()?.eventCount ?? 0;
  const seen = useRef(count);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = count;
    if (enabled && count > before) latest.current();
  }, [count, enabled]);
}

/** Refetch on futures news: status frames and position events. */
function useFuturesNews(reload: () => void, enabled: boolean): void {
  useStatusRefetch(FUTURES_STATUS_KINDS, reload, enabled);
  useEventRefetch(reload, enabled);
}

export interface OpenPositions {
  status: 'loading' | 'ok' | 'error';
  rows: readonly Position[] | undefined;
  error?: string;
  reload: () => void;
  /** Where the rows come from: the worker (live at every mark) or the REST list (the server's figures). */
  source: 'live' | 'rest';
}

/** The caller's open positions with their figures live at every mark: the worker's when it has them, else the REST list (FUI-9). */
export function useOpenPositions(uid: string): OpenPositions {
  return useOpenPositionsOf(uid, usePositions());
}

/**
 * The caller's open positions as `useOpenPositions`, committing only when their structure changes (PERF-84): the
 * worker's rows carry the figures of that moment; a view that shows them live writes them (`usePositionsWriter`).
 */
export function useOpenPositionStructure(uid: string): OpenPositions {
  return useOpenPositionsOf(uid, usePositionStructure());
}

function useOpenPositionsOf(uid: string, live: PositionsView | undefined): OpenPositions {
  const liveRows = live?.authorized !== false ? live?.positions : null;
  const q = useQuery(
    queryKey(['futures', 'positions', uid]),
    (signal) =>
      call(futuresApi.positionList, { signal, silent: true, query: { status: 'open', pageNum: 1, pageSize: 100 } }),
    { enabled: uid !== '' && !liveRows },
  );
  useFuturesNews(q.reload, uid !== '' && !liveRows);
  if (uid !== '' && liveRows) return { status: 'ok', rows: liveRows, reload: q.reload, source: 'live' };
  return {
    status: q.data ? 'ok' : q.status,
    rows: q.data?.rows,
    error: q.error,
    reload: q.reload,
    source: 'rest',
  };
}

/** The caller's futures orders (open, or history), one page. */
export function useFuturesOrders(
  uid: string,
  status: 'open' | 'history',
  symbol: string | undefined,
  pageNum: number,
  pageSize: number,
): QueryResult<FuturesOrderPage> {
  return useOwnPage(
    uid,
    ['futures', 'orders', uid, status, symbol ?? '', pageNum, pageSize],
    (signal) =>
      call(futuresApi.futuresOrderList, { signal, silent: true, query: { status, symbol, pageNum, pageSize } }),
    useFuturesNews,
  );
}

/** The caller's futures records (record/trading), one page; the funding tab keeps the `funding` rows. */
export function useFuturesRecords(
  uid: string,
  symbol: string | undefined,
  pageNum: number,
  pageSize: number,
): QueryResult<FuturesRecordPage> {
  return useOwnPage(
    uid,
    ['futures', 'records', uid, symbol ?? '', pageNum, pageSize],
    (signal) => call(recordsApi.futuresRecords, { signal, silent: true, query: { symbol, pageNum, pageSize } }),
    useFuturesNews,
  );
}

/** How often the shown funding rate is asked again: it follows the open notional, slowly. */
export const FUNDING_REFRESH_MS = 60_000;

/** A pair's funding (rate and next round), public; asked again every minute while shown, and after its round. */
export function useFunding(symbol: string): QueryResult<FundingInfo> {
  return useQuery(
    queryKey(['futures', 'funding', symbol]),
    (signal) => call(futuresApi.funding, { signal, silent: true, query: { symbol } }),
    { refreshMs: FUNDING_REFRESH_MS },
  );
}
