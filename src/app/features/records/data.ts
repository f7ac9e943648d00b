/**
 * The records' REST data (RECS-7): one call per tab through the one client and the keyed query cache. Each tab
 * fetches only its own call; a page, a pair or a window is its own key, and the previous page stays on screen
 * while the next one loads.
 */
import { recordsApi } from '../../../shared/api/records';
import { tradingApi } from '../../../shared/api/trading';
import type { BrokerRecord, FuturesRecord, RecordQuery } from '../../../shared/schemas/records';
import type { OptionOrder } from '../../../shared/schemas/options';
import type { SecondOrder, SpotFill } from '../../../shared/schemas/trading';
import { call } from '../../api/client';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';
import type { RecordTab } from './paths';

/** The row of each tab. */
export interface TabRows {
  futures: FuturesRecord;
  spot: SpotFill;
  second: SecondOrder;
  option: OptionOrder;
  broker: BrokerRecord;
}
export interface TabPage<T extends RecordTab> {
  total: number;
  rows: TabRows[T][];
}

/** The endpoint behind each tab. */
export const TAB_ENDPOINT = {
  futures: recordsApi.futuresRecords,
  spot: recordsApi.spotRecords,
  second: tradingApi.secondRecords,
  option: recordsApi.optionRecords,
  broker: recordsApi.brokerRecords,
} as const;

/** One page of `tab` for `query`, through the one client (its errors are the catalogue's). */
export async function fetchRecordPage<T extends RecordTab>(
  tab: T,
  query: RecordQuery,
  signal?: AbortSignal,
): Promise<TabPage<T>> {
  // Every tab's endpoint takes the same RecordQuery; the union of endpoints only hides that from the compiler.
  const endpoint = TAB_ENDPOINT[tab] as typeof recordsApi.spotRecords;
  const page = await call(endpoint, { query, signal, silent: true });
  return page as unknown as TabPage<T>;
}

export function useRecordPage<T extends RecordTab>(tab: T, query: RecordQuery): QueryResult<TabPage<T>> {
  return useQuery(
    queryKey(['records', tab, query.symbol ?? '', query.from ?? '', query.to ?? '', query.pageNum, query.pageSize]),
    (signal) => fetchRecordPage(tab, query, signal),
  );
}
