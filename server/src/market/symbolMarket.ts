/**
 * Everything the market keeps for one symbol: its 8 candle series, its recent trades, its rolling 24 h
 * statistics and its price model. Every trade goes through `trade()`, so candles, statistics and the trade
 * list are built from the very same trades.
 */
import {
  type Candle,
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

/**
 * Where the start-up history's bars go (backfill.ts): `reserve` before each level's contiguous bars of `durMs` over
 * [from, to), then `bar` for each bar, oldest first; every series at least `durMs` long takes them.
 */
export interface BarSink {
  reserve(from: number, to: number, durMs: number): void;
  bar(ts: number, durMs: number, o: number, h: number, l: number, c: number, v: number): void;
}

/** Generates the bars before the 24 h window into a sink, oldest first (the deferred part of the start-up history). */
export type OlderHistory = (sink: BarSink) => void;

export class SymbolMarket {
  /** The series as they are: without the deferred older history until materialized (SIM-13). */
  private readonly held: CandleSeries[];
  private readonly heldBy: Record<KlineInterval, CandleSeries>;
  /** The start-up history older than the 24 h window, until something reads that far back (SIM-13). */
  private older: OlderHistory | undefined;
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
    this.held = KLINE_INTERVALS.map((iv) => new CandleSeries(iv, SERIES_CAPACITY[iv]));
    this.heldBy = Object.fromEntries(this.held.map((s) => [s.interval, s])) as Record<KlineInterval, CandleSeries>;
    this.trades = new TradeRing(ringSize);
    this.stats = new Rolling24h(this.held[0]);
  }

  /** The 8 candle series (1m first), with all their history. */
  get series(): CandleSeries[] {
    this.materialize();
    return this.held;
  }

  /** The candle series by interval, with all their history. */
  get byInterval(): Record<KlineInterval, CandleSeries> {
    this.materialize();
    return this.heldBy;
  }

  /**
   * SIM-13: the start-up history older than the 24 h window (`older`, bars all before the first candle held now)
   * is generated when something first reads that far back (history(), series, byInterval), not at start. The 24 h
   * statistics, the ticker and the newer candles never read it: the window's trades are all they are made of.
   */
  deferOlderHistory(older: OlderHistory): void {
    this.older = older;
  }

  /** Whether the deferred older history is still to be generated (for tests). */
  get olderPending(): boolean {
    return this.older !== undefined;
  }

  /**
   * Generates the deferred older history into fresh series and puts each series' present candles after it: the
   * same candles, bit for bit, as generating it first and trading after (SIM-13).
   */
  private materialize(): void {
    const older = this.older;
    if (!older) return;
    this.older = undefined;
    const fresh = this.held.map((s) => new CandleSeries(s.interval, s.cap));
    older({
      reserve(from, to, durMs) {
        for (const s of fresh)
          if (s.len >= durMs)
            s.reserve((candleOpenTime(to, s.interval) - candleOpenTime(from, s.interval)) / s.len + 1);
      },
      bar(ts, durMs, o, h, l, c, v) {
        for (const s of fresh) if (s.len >= durMs) s.bar(ts, o, h, l, c, v);
      },
    });
    this.held.forEach((s, k) => s.putAfter(fresh[k]));
  }

  /**
   * At most `limit` candles of `interval` opening before `endTime`, oldest first (SIM-8). Generates the deferred
   * older history first only when the answer reaches the oldest candle held (SIM-13).
   */
  history(interval: KlineInterval, limit: number, endTime?: number): Candle[] {
    const s = this.heldBy[interval];
    if (this.older && s.reachesOldest(limit, endTime)) this.materialize();
    return s.history(limit, this.spec.priceScale, this.spec.qtyScale, endTime);
  }

  /**
   * Applies one trade everywhere. Returns the Trade when `keep`, else undefined.
   * `bulk` (start-up history): the 24 h window is recomputed once by finishBulk() instead of per minute.
   */
  trade(ts: number, price: number, qty: number, side: 'buy' | 'sell', keep = true, bulk = false): Trade | undefined {
    const held = this.held;
    const opened = held[0].trade(ts, price, qty);
    for (let i = 1; i < held.length; i++) held[i].trade(ts, price, qty);
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

  /** Before a bulk load of trades over [from, to]: every series makes room at once for the candles of that span. */
  reserveSpan(from: number, to: number): void {
    for (const s of this.held)
      s.reserve((candleOpenTime(to, s.interval) - candleOpenTime(from, s.interval)) / s.len + 1);
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
    const d = this.heldBy['1d']; // its newest candle: inside the 24 h window, never the deferred history
    const today = d.size > 0 && d.at('t', d.size - 1) === candleOpenTime(now, '1d');
    const k = d.size - 1;
    const base = st.openPrice > 0 ? st.openPrice : close;
    const f = (n: number) => fmtMinor(n, ps);
    this.cached = {
      close: f(close),
      openPrice: f(base),
      change: f(close - base),
      priceChangePercent: base > 0 ? percentChange(close, base) : '0.0000',
      open: f(today ? d.at('o', k) : close),
      low: f(today ? d.at('l', k) : close),
      high: f(today ? d.at('h', k) : close),
      volume: fmtMinor(today ? d.at('v', k) : 0, qs),
      volume24: fmtMinor(st.vol, qs),
      high24: f(st.high || close),
      low24: f(st.low || close),
      amount24: fmtBig(st.amount, ps + qs),
    };
    return this.cached;
  }
}
