/**
 * Balances with live values (WAL-1, WAL-2): the balances query plus the last prices of the held coins' USDT
 * pairs, read through useTickerPrices at list cadence, so the wallet commits at most once per cadence however
 * fast the tickers move (WORK-17, WORK-18).
 */
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { LIST_CADENCE_MS } from '../../market/cadence';
import { useTickerPrices } from '../../market/hooks';
import { settings } from '../../state/settings';
import { streamSymbol } from '../../market/coins';
import { useAssetBalances } from '../../money/balances';
import { coinsOf, pricingSymbols, type BalanceEntry, type Prices } from '../../money/valuation';

export interface Portfolio {
  status: 'loading' | 'ok' | 'error';
  entries: BalanceEntry[];
  /** Last price in USDT by coin, for the coins that have a USDT pair and a price yet. */
  prices: Prices;
  error?: string;
  reload: () => void;
  /** True once balances arrived at least once (an error then keeps showing them). */
  hasData: boolean;
}

const NONE: BalanceEntry[] = [];

export function usePortfolio(): Portfolio {
  const q = useAssetBalances();
  const entries = q.data ?? NONE;
  const { coins } = useSnapshot(settings);
  const symbols = useMemo(() => {
    const pairs = [...coins.currencyList, ...coins.coinList, ...coins.contractList];
    return pricingSymbols(coinsOf(entries), pairs, streamSymbol);
  }, [coins, entries]);
  const bySymbol = useTickerPrices(Object.values(symbols), LIST_CADENCE_MS);
  const prices = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [coin, symbol] of Object.entries(symbols)) if (bySymbol[symbol]) out[coin] = bySymbol[symbol];
    return out;
  }, [symbols, bySymbol]);
  return {
    status: q.status,
    entries,
    prices,
    error: q.error,
    reload: q.reload,
    hasData: q.data !== undefined,
  };
}
