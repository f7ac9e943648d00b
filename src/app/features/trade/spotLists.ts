/**
 * The caller's spot orders and fills (TRADE-14) through the one query cache, one page at a time, fetched again
 * when the private socket says a spot order changed (USER_STATUS kind `spot`), never polled.
 */
import { tradingApi } from '../../../shared/api/trading';
import type { SpotFillPage, SpotOrderPage } from '../../../shared/schemas/trading';
import { call } from '../../api/client';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';
import { useStatusRefetch } from '../../market/useStatusRefetch';

export type OrderListKind = 'open' | 'history';

/** The caller's spot orders (open, or history), one page, fetched again on spot order news. */
export function useSpotOrders(
  uid: string,
  status: OrderListKind,
  symbol: string | undefined,
  pageNum: number,
  pageSize: number,
): QueryResult<SpotOrderPage> {
  const q = useQuery(
    queryKey(['spot', 'orders', uid, status, symbol ?? '', pageNum, pageSize]),
    (signal) => call(tradingApi.spotOrderList, { signal, silent: true, query: { status, symbol, pageNum, pageSize } }),
    { enabled: uid !== '' },
  );
  useStatusRefetch(['spot'], q.reload, uid !== '');
  return q;
}

/** The caller's fills, one page, fetched again on spot order news. */
export function useSpotFills(
  uid: string,
  symbol: string | undefined,
  pageNum: number,
  pageSize: number,
): QueryResult<SpotFillPage> {
  const q = useQuery(
    queryKey(['spot', 'fills', uid, symbol ?? '', pageNum, pageSize]),
    (signal) => call(tradingApi.spotFills, { signal, silent: true, query: { symbol, pageNum, pageSize } }),
    { enabled: uid !== '' },
  );
  useStatusRefetch(['spot'], q.reload, uid !== '');
  return q;
}
