/**
 * One candle series (symbol, interval), built from the trade stream (ENG-12 to ENG-16).
 *
 * - A trade goes to the candle opening at candleOpenTime(trade.ts) (server time, never the local clock):
 *   the live candle, a new candle after it, or, for a late trade, the older candle it belongs to if
 *   still kept; never a candle out of order (a late trade with no candle left is dropped and counted).
 * - Trades with an id at or below the last one seen are duplicates and ignored.
 * - The server's KLINE frames (the live candle, sent right after the TRADE frame of the same server
 *   tick, on the same socket) are checkpoints: they overwrite the candle they name. In steady state that
 *   changes nothing; after a (re)seed it settles the live candle's volume exactly.
 * - Seeding (first use, reconnect, gap): while the REST history is on the way, incoming trades and
 *   checkpoints are buffered (and still applied to the old candles so the chart does not freeze).
 *   Then the history replaces everything, and the buffer is replayed:
 *     trades in candles after the history's last (live) candle are applied fully, they cannot be in it;
 *     trades in the live candle update close/high/low only (idempotent: they may already be counted),
 *     its volume comes from the next checkpoint; checkpoints at or after the live candle overwrite.
 *   The history is requested only after the server confirmed the subscription (ACK), so every trade is
 *   either in the history or on the socket: no candle is missing, doubled or diverging.
 */
import { INTERVAL_MS, WEEK_OFFSET_MS, type Candle, type KlineInterval, type Trade } from '../shared/protocol';
import { KlineChangeLog } from './klineChangeLog';
import { KlineColumns, MAX_SCALE, POW10, decimalsOfRaw, rowsOf, toUnits } from './klineColumns';
import { pickOlder } from './olderPage';
import { SeedBuffer, replaySeed } from './seedBuffer';
import type { KlinePatch } from './types';
import type { KlineView } from './views';
import type { PriceMemo } from './priceMemo';
import type { TradeBatch } from './tradeBatch';

export class KlineSeries {
  readonly key: string;
  readonly serverKey: string;
  readonly cols: KlineColumns;
  private readonly lenMs: number;
  private readonly offMs: number;

  lastTradeId = -1;
  lastCloseRaw = '';
  /** Late trades whose candle is no longer kept. */
  lateDropped = 0;

  seeding = false;
  seedGen = 0;
  /** Set when the seed buffer ran over SEED_BUFFER_MAX: the engine restarts the seed. */
  overflowed = false;
  private readonly buffer = new SeedBuffer();

  version = 0;
  private dirtyFrom = Infinity;
  private pendingFull = false;
  private readonly changes = new KlineChangeLog();
  private view: KlineView | undefined;

  constructor(
    readonly symbol: string,
    readonly interval: KlineInterval,
    capacity: number,
    private readonly memo: PriceMemo,
  ) {
    this.key = `klines:${symbol}:${interval}`;
    this.serverKey = `KLINE:${symbol}:${interval}`;
    this.cols = new KlineColumns(capacity);
    this.lenMs = INTERVAL_MS[interval];
    this.offMs = interval === '1w' ? WEEK_OFFSET_MS : 0;
  }

  /** Ms range of the candle computed last: most trades fall in it, and skip the division. */
  private rangeFrom = 0;
  private rangeTo = 0;
  private rangeSec = 0;

  /** Open time in seconds of the candle holding a trade at `tsMs` (same rule as candleOpenTime). */
  openTimeSec(tsMs: number): number {
    if (tsMs >= this.rangeFrom && tsMs < this.rangeTo) return this.rangeSec;
    const len = this.lenMs;
    const off = this.offMs;
    const open = Math.floor((tsMs - off) / len) * len + off;
    this.rangeFrom = open;
    this.rangeTo = open + len;
    this.rangeSec = open / 1000;
    return this.rangeSec;
  }

  get dirty(): boolean {
    return this.dirtyFrom !== Infinity || this.pendingFull;
  }

  // ------------------------------------------------------------------ live input

  /**
   * A trade from the socket; `price` is the number of its price, `qtyDigits` / `qtyScale` its quantity
   * as an integer and a number of decimals (see decimalParse.ts). True if the series changed.
   */
  trade(t: Trade, price: number, qtyDigits: number, qtyScale: number): boolean {
    const id = t.id;
    if (id <= this.lastTradeId) return false;
    this.lastTradeId = id;
    const ts = t.ts;
    const c = this.cols;
    // Fast path: the usual trade, into the live candle, with a quantity of known scale.
    if (ts >= this.liveFrom && ts < this.liveTo && !this.seeding && qtyScale <= c.scale) {
      const exact = qtyDigits * POW10[c.scale - qtyScale];
      if (exact < 9_007_199_254_740_992) {
        const i = c.end - 1;
        if (price > c.high[i]) c.high[i] = price;
        if (price < c.low[i]) c.low[i] = price;
        c.close[i] = price;
        const u = c.units[i] + exact;
        c.units[i] = u;
        c.volume[i] = u / POW10[c.scale];
        this.lastCloseRaw = t.price;
        if (this.liveSec < this.dirtyFrom) this.dirtyFrom = this.liveSec;
        return true;
      }
    }
    if (this.seeding) {
      if (this.buffer.push(t)) this.overflowed = true;
      if (c.length === 0) return false;
    }
    this.applyTrade(this.openTimeSec(ts), price, t.price, qtyDigits, qtyScale, t.qty, true);
    return true;
  }

  /**
   * A whole TRADE frame at once when it all falls into the live candle (the usual case): one update
   * instead of one per trade. Returns false, having changed nothing, when the per-trade path is needed.
   */
  tradeBatch(b: TradeBatch): boolean {
    if (b.firstId <= this.lastTradeId || this.seeding) return false;
    if (!(b.firstTs >= this.liveFrom && b.lastTs < this.liveTo)) return false;
    const c = this.cols;
    if (b.scale > c.scale) return false;
    const exact = b.units * POW10[c.scale - b.scale];
    if (!(exact < 9_007_199_254_740_992)) return false;
    const i = c.end - 1;
    if (b.high > c.high[i]) c.high[i] = b.high;
    if (b.low < c.low[i]) c.low[i] = b.low;
    c.close[i] = b.close;
    const u = c.units[i] + exact;
    c.units[i] = u;
    c.volume[i] = u / POW10[c.scale];
    this.lastCloseRaw = b.closeRaw;
    this.lastTradeId = b.lastId;
    if (this.liveSec < this.dirtyFrom) this.dirtyFrom = this.liveSec;
    return true;
  }

  /** Ms range and open time (s) of the newest candle, for the fast path; empty range when none. */
  private liveFrom = 0;
  private liveTo = 0;
  private liveSec = 0;

  private syncLive(): void {
    const c = this.cols;
    if (c.end > c.start) {
      this.liveSec = c.time[c.end - 1];
      this.liveFrom = this.liveSec * 1000;
      this.liveTo = this.liveFrom + this.lenMs;
    } else {
      this.liveFrom = this.liveTo = 0;
    }
  }

  /** A server KLINE checkpoint for this series. */
  checkpoint(k: Candle): boolean {
    if (this.seeding) {
      if (this.buffer.push(k)) this.overflowed = true;
      if (this.cols.length === 0) return false;
    }
    this.applyCheckpoint(k);
    return true;
  }

  private applyTrade(
    time: number,
    price: number,
    priceRaw: string,
    qtyDigits: number,
    qtyScale: number,
    qtyRaw: string,
    withVolume: boolean,
  ): void {
    const c = this.cols;
    let units = 0;
    if (withVolume) {
      if (qtyScale > c.scale) c.rescale(Math.min(qtyScale, MAX_SCALE));
      const exact = qtyScale <= c.scale ? qtyDigits * POW10[c.scale - qtyScale] : NaN;
      units = exact < 2 ** 53 ? exact : toUnits(+qtyRaw, qtyRaw, c.scale);
    }
    const last = c.end - 1;
    let i: number;
    if (last >= c.start && c.time[last] === time) {
      i = last;
      c.close[i] = price;
      this.lastCloseRaw = priceRaw;
    } else if (last < c.start || time > c.time[last]) {
      if (!withVolume) return;
      c.push(time, price, price, price, price, units);
      this.syncLive();
      this.lastCloseRaw = priceRaw;
      if (time < this.dirtyFrom) this.dirtyFrom = time;
      return;
    } else {
      i = c.indexOf(time);
      if (i < 0) {
        this.lateDropped++;
        return;
      }
    }
    if (price > c.high[i]) c.high[i] = price;
    if (price < c.low[i]) c.low[i] = price;
    if (units !== 0) {
      const u = c.units[i] + units;
      c.units[i] = u;
      c.volume[i] = u / POW10[c.scale];
    }
    if (time < this.dirtyFrom) this.dirtyFrom = time;
  }

  private applyCheckpoint(k: Candle): void {
    const c = this.cols;
    const time = k.t / 1000;
    const dec = decimalsOfRaw(k.vol);
    if (dec > c.scale) c.rescale(Math.min(dec, MAX_SCALE));
    const units = toUnits(+k.vol, k.vol, c.scale);
    const last = c.end - 1;
    let i: number;
    if (last < c.start || time > c.time[last]) {
      c.push(time, +k.open, +k.high, +k.low, +k.close, units);
      this.syncLive();
      this.lastCloseRaw = k.close;
      if (time < this.dirtyFrom) this.dirtyFrom = time;
      return;
    }
    if (c.time[last] === time) {
      i = last;
      this.lastCloseRaw = k.close;
    } else {
      i = c.indexOf(time);
      if (i < 0) {
        this.lateDropped++;
        return;
      }
    }
    const o = +k.open;
    const hi = +k.high;
    const lo = +k.low;
    const cl = +k.close;
    if (c.open[i] === o && c.high[i] === hi && c.low[i] === lo && c.close[i] === cl && c.units[i] === units) return;
    c.open[i] = o;
    c.high[i] = hi;
    c.low[i] = lo;
    c.close[i] = cl;
    c.units[i] = units;
    c.volume[i] = units / POW10[c.scale];
    if (time < this.dirtyFrom) this.dirtyFrom = time;
  }

  // ------------------------------------------------------------------ seeding

  /** Starts (or restarts) a seed; returns its generation, to be passed back with the history. */
  beginSeed(): number {
    this.seedGen++;
    this.seeding = true;
    this.overflowed = false;
    this.buffer.clear();
    return this.seedGen;
  }

  /** Installs REST history (oldest first; the last one is the live candle) and replays the buffer. */
  completeSeed(gen: number, candles: readonly Candle[]): boolean {
    if (gen !== this.seedGen || !this.seeding) return false;
    const c = this.cols;
    c.clear();
    let scale = 0;
    for (const k of candles) scale = Math.max(scale, decimalsOfRaw(k.vol));
    scale = Math.max(scale, this.buffer.maxScale());
    c.scale = Math.min(scale, MAX_SCALE);
    let prev = -Infinity;
    this.lastCloseRaw = '';
    for (const k of candles) {
      const time = k.t / 1000;
      if (!(time > prev)) continue; // never out of order or doubled, whatever the reply holds
      prev = time;
      c.push(time, +k.open, +k.high, +k.low, +k.close, toUnits(+k.vol, k.vol, c.scale));
      this.lastCloseRaw = k.close;
    }
    this.syncLive();
    const live = c.lastTime();
    const buffered = this.buffer.take();
    this.seeding = false;
    replaySeed(buffered, live, {
      openTimeSec: (tsMs) => this.openTimeSec(tsMs),
      trade: (time, price, priceRaw, qtyDigits, qtyScale, qtyRaw, withVolume) =>
        this.applyTrade(time, price, priceRaw, qtyDigits, qtyScale, qtyRaw, withVolume),
      checkpoint: (k) => this.applyCheckpoint(k),
    });
    this.pendingFull = true;
    return true;
  }

  // ------------------------------------------------------------------ older history (paging back)

  /** Candles that still fit before the oldest one. */
  get room(): number {
    return this.cols.capacity - this.cols.length;
  }

  /** Open time (s) of the oldest candle held, or NaN when none. */
  oldestTime(): number {
    const c = this.cols;
    return c.end > c.start ? c.time[c.start] : NaN;
  }

  /**
   * A page of older REST history (oldest first), asked while `oldestSec` was the oldest candle held.
   * Takes, all at once, the newest candles of the page that are strictly older than the oldest held, in
   * increasing order (anything overlapping, doubled or out of order is left out), as many as fit the
   * capacity. Nothing is taken while seeding or when the oldest candle is no longer `oldestSec` (the
   * series moved on: the page would not join it). Returns how many were added; then the next commit is a
   * full replace.
   */
  prependOlder(oldestSec: number, candles: readonly Candle[]): number {
    if (this.seeding || !(this.oldestTime() === oldestSec)) return 0;
    const picked = pickOlder(oldestSec, candles, this.room);
    if (picked.length === 0) return 0;
    const c = this.cols;
    let scale = c.scale;
    for (const k of picked) scale = Math.max(scale, decimalsOfRaw(k.vol));
    c.rescale(Math.min(scale, MAX_SCALE));
    const n = picked.length;
    c.prepend(n, (i) => {
      const k = picked[n - 1 - i];
      return [k.t / 1000, +k.open, +k.high, +k.low, +k.close, toUnits(+k.vol, k.vol, c.scale)];
    });
    this.pendingFull = true;
    return n;
  }

  // ------------------------------------------------------------------ versions and output

  /** Records the changes since the last commit under `version` (engine-wide, increasing). */
  commit(version: number): void {
    if (this.pendingFull) this.changes.recordFull(version);
    else this.changes.record(version, this.dirtyFrom);
    this.pendingFull = false;
    this.dirtyFrom = Infinity;
    this.version = version;
    this.view = undefined;
  }

  /** The whole series; arrays are copies (safe to post to another thread), cached per version. */
  klineView(): KlineView {
    if (this.view) return this.view;
    const c = this.cols;
    this.view = {
      symbol: this.symbol,
      interval: this.interval,
      version: this.version,
      ...rowsOf(c, c.start),
      lastClose: this.memo.format(this.lastCloseRaw),
      priceDecimals: this.memo.decimals(this.lastCloseRaw),
    };
    return this.view;
  }

  /** Candles changed since `since` (see KlinePatch). */
  patch(since: number): KlinePatch {
    const c = this.cols;
    const changed = this.changes.changedSince(since, this.version);
    const from = changed === null ? c.start : changed === Infinity ? c.end : c.lowerBound(changed);
    return {
      full: changed === null,
      symbol: this.symbol,
      interval: this.interval,
      version: this.version,
      capacity: c.capacity,
      rows: rowsOf(c, from),
      lastClose: this.memo.format(this.lastCloseRaw),
      priceDecimals: this.memo.decimals(this.lastCloseRaw),
    };
  }
}
