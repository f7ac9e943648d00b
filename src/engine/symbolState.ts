/**
 * What the engine holds for one symbol: its stores, the price memo they share, and the prebuilt sets
 * of topic keys a frame of the symbol changes (emitted as they are in the usual case, no allocation).
 */
import type { KlineSeries } from './klineSeries';
import type { PriceMemo } from './priceMemo';
import type { TickerStore } from './ticker';
import type { TradesStore } from './trades';

export interface SymbolState {
  memo: PriceMemo;
  ticker?: TickerStore;
  trades?: TradesStore;
  series: KlineSeries[];
  /** Every topic key a TRADE frame of this symbol can change; emitted as is when all of them did. */
  tradeKeys: ReadonlySet<string>;
  /** { ticker key }, emitted as is for a DETAIL frame. */
  tickerKeys: ReadonlySet<string>;
}

export function rebuildKeys(st: SymbolState): void {
  const keys = st.series.map((s) => s.key);
  if (st.trades) keys.push(st.trades.key);
  if (st.ticker) keys.push(st.ticker.key);
  st.tradeKeys = new Set(keys);
  st.tickerKeys = new Set(st.ticker ? [st.ticker.key] : []);
}

