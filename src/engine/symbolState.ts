/**
 * What the engine holds for one symbol: its stores, the price memo they share, and the prebuilt sets
 * of topic keys a frame of the symbol changes (emitted as they are in the usual case, no allocation).
 */
import { KlineSeries } from './klineSeries';
import { PriceMemo } from './priceMemo';
import { TickerStore } from './ticker';
import { TradesStore } from './trades';
import type { MarketTopic } from './types';

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

/** Makes the store of `topic` (and its symbol's state on first use); the engine subscribes and seeds it. */
export function openStore(
  symbols: Map<string, SymbolState>,
  t: MarketTopic,
  capacity: number,
): TickerStore | TradesStore | KlineSeries {
  let st = symbols.get(t.symbol);
  if (!st) {
    st = { memo: new PriceMemo(), series: [], tradeKeys: new Set(), tickerKeys: new Set() };
    symbols.set(t.symbol, st);
  }
  let store: TickerStore | TradesStore | KlineSeries;
  if (t.kind === 'ticker') store = st.ticker = new TickerStore(t.symbol, st.memo);
  else if (t.kind === 'trades') store = st.trades = new TradesStore(t.symbol, st.memo);
  else st.series.push((store = new KlineSeries(t.symbol, t.interval, capacity, st.memo)));
  rebuildKeys(st);
  return store;
}

/** Drops the store of `topic`, and its symbol's state when nothing is left. */
export function closeStore(symbols: Map<string, SymbolState>, t: MarketTopic): void {
  const st = symbols.get(t.symbol);
  if (!st) return;
  if (t.kind === 'ticker') st.ticker = undefined;
  else if (t.kind === 'trades') st.trades = undefined;
  else st.series = st.series.filter((s) => s.interval !== t.interval);
  rebuildKeys(st);
  if (!st.ticker && !st.trades && st.series.length === 0) symbols.delete(t.symbol);
}
