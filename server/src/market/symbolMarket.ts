/**
 * Everything the market keeps for one symbol: its 8 candle series, its recent trades, its rolling 24 h
 * statistics and its price model. Every trade goes through `trade()`, so candles, statistics and the trade
 * list are built from the very same trades.
 */
import {
  candleOpenTime,
  KLINE_INTERVALS,
  type KlineInterval,
  type PriceInfo,
  type Trade,
} from '../../../src/shared/protocol';
import type { MarketSymbol } from '../context';
import { Rolling24h } from './rolling24h';
import { CandleSeries } from './series';
import { TradeRing } from './tradeRing';
import { fmtBig, fmtMinor, percentChange } from './units';

/**
 * Candles kept per series (Float64 rings, 48 bytes a candle): 1m holds 6,000 (the 24 h window and more
 * than 3 days before it; a chart pages back 5,000+, SIM-5), the others 2,000.
 */
export const SERIES_CAPACITY: Record<KlineInterval, number> = {
  '1m': 6_000,
  '5m': 2_000,
  '15m': 2_000,
  '30m': 2_000,
  '1h': 2_000,
  '4h': 2_000,
  '1d': 2_000,
  '1w': 2_000,
};
/** Trades kept per symbol for recentTrades(). */
export const TRADE_RING_SIZE = 1_000;

/**
 * The first trade id of a market built at `now` (ms): now x 1000 (SIM-11). Ids then grow by one per trade, so
 * they keep growing across restarts as long as a symbol averages fewer than 1,000 trades per ms of uptime (and
 * the clock does not go back); still a safe integer until the year 2255.
 */
export function firstTradeIdAt(now: number): number {
  const id = Math.floor(now) * 1000;
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Cannot number trades from time ${now}`);
  return id;
}

export class SymbolMarket {
  readonly series: CandleSeries[];
  readonly byInterval: Record<KlineInterval, CandleSeries>;
  readonly trades: TradeRing;
  readonly stats: Rolling24h;
  private nextId: number;
  /** The id the next trade will get (CORE-2: fills are numbered in a batch before they reach the tape at its commit). */
  get nextTradeId(): number {
    return this.nextId;
  }
  lastPrice = 0;
  private cached: PriceInfo | undefined;

  constructor(
    readonly spec: MarketSymbol,
    ringSize = TRADE_RING_SIZE,
    /** The first trade's id (SIM-11: the simulator passes firstTradeIdAt(build time)). */
    firstId = 1,
  ) {
    this.nextId = firstId;
    this.series = KLINE_INTERVALS.map((iv) => new CandleSeries(iv, SERIES_CAPACITY[iv]));
    this.byInterval = Object.fromEntries(this.series.map((s) => [s.interval, s])) as Record<
      KlineInterval,
      CandleSeries
    >;
    this.trades = new TradeRing(ringSize);
    this.stats = new Rolling24h(this.series[0]);
  }

  /**
   * Applies one trade everywhere. Returns the Trade when `keep`, else undefined.
   * `bulk` (start-up history): the 24 h window is recomputed once by finishBulk() instead of per minute.
   */
  trade(ts: number, price: number, qty: number, side: 'buy' | 'sell', keep = true, bulk = false): Trade | undefined {
    const opened = this.series[0].trade(ts, price, qty);
    for (let i = 1; i < this.series.length; i++) this.series[i].trade(ts, price, qty);
    this.stats.trade(ts, price, qty, opened, bulk);
    this.lastPrice = price;
    this.cached = undefined;
    const id = this.nextId++;
    if (!keep) return undefined;
    const t: Trade = {
      id,
      price: fmtMinor(price, this.spec.priceScale),
      qty: fmtMinor(qty, this.spec.qtyScale),
      side,
      ts,
    };
    this.trades.push(t);
    return t;
  }

  /** A start-up history bar of length `durMs`: merged into every series at least that long. */
  bar(ts: number, durMs: number, o: number, h: number, l: number, c: number, v: number): void {
    for (const s of this.series) if (s.len >= durMs) s.bar(ts, o, h, l, c, v);
    this.lastPrice = c;
    this.cached = undefined;
  }

  /**
   * Before a bulk load of contiguous bars of `durMs` from `from` up to `to`: every series that takes them makes room
   * at once for the candles of that span (oldest level first; a later, shorter span asks for less and changes nothing).
   */
  reserve(from: number, to: number, durMs: number): void {
    for (const s of this.series)
      if (s.len >= durMs) s.reserve((candleOpenTime(to, s.interval) - candleOpenTime(from, s.interval)) / s.len + 1);
  }

  /** Ends a bulk load at `now`. */
  finishBulk(now: number): void {
    this.stats.slide(now);
    this.cached = undefined;
  }

  /** 24 h statistics (spec 3.4 price info). open/high/low/volume: the current UTC day; *24: rolling 24 h. */
  ticker(now: number): PriceInfo {
    if (this.stats.stale(now)) {
      this.stats.slide(now);
      this.cached = undefined;
    }
    if (this.cached) return this.cached;
    const ps = this.spec.priceScale;
    const qs = this.spec.qtyScale;
    const st = this.stats;
    const close = this.lastPrice;
    const d = this.byInterval['1d'];
    const today = d.size > 0 && d.timeAt(d.size - 1) === candleOpenTime(now, '1d');
    const k = d.size - 1;
    const base = st.openPrice > 0 ? st.openPrice : close;
    const f = (n: number) => fmtMinor(n, ps);
    this.cached = {
      close: f(close),
      openPrice: f(base),
      change: f(close - base),
      priceChangePercent: base > 0 ? percentChange(close, base) : '0.0000',
      open: f(today ? d.openAt(k) : close),
      low: f(today ? d.lowAt(k) : close),
      high: f(today ? d.highAt(k) : close),
      volume: fmtMinor(today ? d.volAt(k) : 0, qs),
      volume24: fmtMinor(st.vol, qs),
      high24: f(st.high || close),
      low24: f(st.low || close),
      amount24: fmtBig(st.amount, ps + qs),
    };
    return this.cached;
  }
}
