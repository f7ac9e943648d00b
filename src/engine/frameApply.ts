/**
 * Market frames applied to the stores (the engine's hot path): TRADE into every candle series, the recent
 * trades and the ticker of its symbol; DETAIL into the ticker; KLINE checkpoints into their series. Each
 * returns the keys it changed: a prebuilt set of the symbol in the usual case that all changed, otherwise
 * the engine's scratch set (valid only until the next frame), or null when nothing changed.
 */
import type { ServerFrame } from '../shared/protocol';
import { parseDecimal, parsed } from './decimalParse';
import type { KlineSeries } from './klineSeries';
import type { Seeder } from './seeding';
import type { SymbolState } from './symbolState';
import { BATCH, aggregate, tradeByTrade } from './tradeBatch';

/** What the frames change: the engine's stores and its one version counter. */
export interface FrameTarget {
  /** Engine-wide, increasing: every change takes the next one. */
  version: number;
  readonly symbols: Map<string, SymbolState>;
  readonly seeder: Seeder;
  /** Scratch set for the keys changed by a frame when no prebuilt set fits. */
  readonly changed: Set<string>;
}

/** Applies a TRADE frame. */
export function applyTrades(e: FrameTarget, f: Extract<ServerFrame, { type: 'TRADE' }>): ReadonlySet<string> | null {
  const st = e.symbols.get(f.symbol);
  if (!st) return null;
  if (e.seeder.waiting) e.seeder.markLive(`TRADE:${f.symbol}`);
  const v0 = e.version;
  const trades = f.data.trades;
  const series = st.series;
  const n = series.length;
  let all = true;
  if (n > 0) {
    if (trades.length > 1 && aggregate(trades, BATCH)) {
      for (let k = 0; k < n; k++) if (!series[k].tradeBatch(BATCH)) tradeByTrade(series[k], trades);
    } else {
      for (let i = 0; i < trades.length; i++) {
        const t = trades[i];
        const price = parseDecimal(t.price);
        parseDecimal(t.qty);
        const qtyDigits = parsed.digits;
        const qtyScale = parsed.scale;
        for (let k = 0; k < n; k++) series[k].trade(t, price, qtyDigits, qtyScale);
      }
    }
    for (let k = 0; k < n; k++) {
      const s = series[k];
      if (s.dirty) s.commit(++e.version);
      else all = false;
      if (s.overflowed) e.seeder.series(s);
    }
  }
  const store = st.trades;
  if (store) {
    if (store.add(trades)) store.version = ++e.version;
    else all = false;
  }
  const ticker = st.ticker;
  if (ticker) {
    if (ticker.applyTrade(trades[trades.length - 1])) ticker.version = ++e.version;
    else all = false;
  }
  if (e.version === v0) return null;
  if (all) return st.tradeKeys;
  const changed = e.changed;
  changed.clear();
  for (let k = 0; k < n; k++) if (series[k].version > v0) changed.add(series[k].key);
  if (store && store.version > v0) changed.add(store.key);
  if (ticker && ticker.version > v0) changed.add(ticker.key);
  return changed;
}

/** Applies a DETAIL frame to the symbol's ticker. */
export function applyDetail(e: FrameTarget, f: Extract<ServerFrame, { type: 'DETAIL' }>): ReadonlySet<string> | null {
  const st = e.symbols.get(f.symbol);
  const ticker = st?.ticker;
  if (!ticker) return null;
  if (e.seeder.waiting) e.seeder.markLive(ticker.serverKey);
  ticker.applyDetail(f.data, f.ts);
  ticker.version = ++e.version;
  return st.tickerKeys;
}

/** Applies a KLINE checkpoint to its series (`s`, when the engine holds it). */
export function applyKline(
  e: FrameTarget,
  f: Extract<ServerFrame, { type: 'KLINE' }>,
  s: KlineSeries | undefined,
): ReadonlySet<string> | null {
  if (!s) return null;
  if (e.seeder.waiting) e.seeder.markLive(s.serverKey);
  s.checkpoint(f.data.tick);
  if (!s.dirty) return null;
  s.commit(++e.version);
  const changed = e.changed;
  changed.clear();
  changed.add(s.key);
  return changed;
}
