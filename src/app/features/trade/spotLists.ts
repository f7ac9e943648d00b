/**
 * The caller's spot orders and fills (TRADE-14) through the one query cache, one page at a time, fetched again
 * when the private socket says a spot order changed (USER_STATUS kind `spot`), never polled.
 */
import { tradingApi } from '../../../shared/api/trading';
import type { SpotFillPage, SpotOrderPage } from '../../../shared/schemas/trading';
import { call } from '../../api/client';
import type { QueryResult } from '../../data/useQuery';
import { useStatusRefetch } from '../../market/useStatusRefetch';
import { useOwnPage } from './components/kit/ownLists';

export type OrderListKind = 'open' | 'history';

/** Refetch on spot order news (USER_STATUS kind `spot`). */
const useSpotNews = (reload: () => void, enabled: boolean) => useStatusRefetch(['spot'], reload, enabled);

/** The caller's spot orders (open, or history), one page, fetched again on spot order news. */
export function useSpotOrders(
  uid: string,
  status: OrderListKind,
  symbol: string | undefined,
  pageNum: number,
  pageSize: number,
): QueryResult<SpotOrderPage> {
  return useOwnPage(
    uid,
    ['spot', 'orders', uid, status, symbol ?? '', pageNum, pageSize],
    (signal) => call(tradingApi.spotOrderList, { signal, silent: true, query: { status, symbol, pageNum, pageSize } }),
    useSpotNews,
  );
}

/** The caller's fills, one page, fetched again on spot order news. */
export function useSpotFills(
  uid: string,
  symbol: string | undefined,
  pageNum: number,
  pageSize: number,
): QueryResult<SpotFillPage> {
  return useOwnPage(
    uid,
    ['spot', 'fills', uid, symbol ?? '', pageNum, pageSize],
    (signal) => call(tradingApi.spotFills, { signal, silent: true, query: { symbol, pageNum, pageSize } }),
    useSpotNews,
  );
}
