/**
 * Sort values for the market lists and the coinType-3 volume lookup (spec 3.4), over HTTP.
 * Live values on screen come from the engine's hooks; these only decide the order of rows, refreshed
 * every STATS_REFRESH_MS so a sorted list does not jump on every tick.
 */
import { call } from '../../../api/client';
import { marketApi } from '../../../../shared/api/market';
import type { RowStats } from '../../../market/coins';
import { queryKey } from '../../../data/queryCache';
import { useQuery } from '../../../data/useQuery';

export const STATS_REFRESH_MS = 10_000;

/** Per stream symbol: last price, change percent, 24 h volume (exact decimal strings). Only while `enabled`. */
export function useMarketStats(enabled: boolean): Record<string, RowStats> {
  const r = useQuery(
    queryKey(['market', 'tickers']),
    async (signal) => {
      const all = await call(marketApi.tickers, { signal });
      const out: Record<string, RowStats> = {};
      for (const [sym, p] of Object.entries(all))
        out[sym] = { price: p.close, change: p.priceChangePercent, volume: p.volume24 };
      return out;
    },
    { enabled, refreshMs: STATS_REFRESH_MS },
  );
  return r.data ?? {};
}

/** Spec 3.4 / 7.3: coinType 3 asks the per-coin volume lookup (reply code 200, data = volume). */
export function useCoinVolume(symbol: string, enabled: boolean): string | undefined {
  const r = useQuery(
    queryKey(['market', 'coinVolume', symbol]),
    (signal) => call(marketApi.coinVolume, { query: { symbol }, signal }),
    { enabled, refreshMs: 30_000 },
  );
  return r.data;
}
