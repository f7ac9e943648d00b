/**
 * One candle series (one symbol, one interval) as a ring buffer of typed arrays. Values are integers in
 * minor units (prices at priceScale, volume at qtyScale), stored in Float64Array: exact below 2^53.
 * A trade or a finer bar either merges into the newest candle or opens the next one.
 * The arrays start small and double while the ring fills (head stays 0 until then), so a series whose history
 * is shorter than its capacity (most intervals hold a few hundred candles) does not hold the whole capacity.
 */
import { candleOpenTime, INTERVAL_MS, type Candle, type KlineInterval } from '../../../src/shared/protocol';
import { fmtMinor } from './units';

/** Candles the arrays start with at the first candle (none before it, unless reserved). */
const INITIAL_SIZE = 256;

/** Six columns of `size` candles (time, open, high, low, close, volume) over one buffer: one allocation, not six. */
function columns(size: number): Float64Array[] {
  const buf = new Float64Array(6 * size);
  return [0, 1, 2, 3, 4, 5].map((k) => buf.subarray(k * size, (k + 1) * size));
}

/** The columns of a {@link CandleSeries}: open time, open, high, low, close, volume. */
export type CandleColumn = 't' | 'o' | 'h' | 'l' | 'c' | 'v';

export class CandleSeries {
  readonly len: number;
  private t: Float64Array;
  private o: Float64Array;
  private h: Float64Array;
  private l: Float64Array;
  private c: Float64Array;
  private v: Float64Array;
  private head = 0; // index of the oldest candle
  private n = 0;
  /** Open time and end of the newest candle, cached so a trade inside it costs one comparison. */
  private curT = -Infinity;
  private curEnd = -Infinity;

  constructor(
    readonly interval: KlineInterval,
    readonly cap: number,
  ) {
    this.len = INTERVAL_MS[interval];
    // Empty until the first candle or a reserve(): a series sized for a bulk load is allocated once.
    [this.t, this.o, this.h, this.l, this.c, this.v] = columns(0);
  }

  /** Doubles the arrays (at least INITIAL_SIZE, up to the capacity); only while the ring is not full yet, so head is 0. */
  private grow(): void {
    this.resize(Math.min(this.cap, Math.max(INITIAL_SIZE, this.t.length * 2)));
  }

  /**
   * Makes room for `count` candles at once (up to the capacity), so a bulk load of a known span (start-up history)
   * allocates its arrays once instead of doubling through every size. Only while the ring is not full yet.
   */
  reserve(count: number): void {
    const size = Math.min(this.cap, Math.ceil(count));
    if (size > this.t.length && this.n < this.cap) this.resize(size);
  }

  private resize(size: number): void {
    const old = [this.t, this.o, this.h, this.l, this.c, this.v];
    const cols = columns(size);
    for (let k = 0; k < 6; k++) cols[k].set(old[k]);
    [this.t, this.o, this.h, this.l, this.c, this.v] = cols;
  }

  get size(): number {
    return this.n;
  }

  /** Ring index of the newest candle (valid when size > 0). */
  private last(): number {
    return (this.head + this.n - 1) % this.cap;
  }

  /** One trade at time `ts`. Returns true when it opened a new candle. */
  trade(ts: number, price: number, qty: number): boolean {
    if (ts >= this.curT && ts < this.curEnd) {
      const i = this.last();
      if (price > this.h[i]) this.h[i] = price;
      if (price < this.l[i]) this.l[i] = price;
      this.c[i] = price;
      this.v[i] += qty;
      return false;
    }
    return this.bar(ts, price, price, price, price, qty);
  }

  /**
   * A bar starting at `ts` that lies inside one candle of this interval (a finer candle or a trade).
   * Bars must come in time order; one older than the newest candle is a programming error.
   */
  bar(ts: number, open: number, high: number, low: number, close: number, vol: number): boolean {
    // Inside the newest candle (the cached span is its open time and end): merge without recomputing the open time.
    const inNewest = ts >= this.curT && ts < this.curEnd;
    const ot = inNewest ? this.curT : candleOpenTime(ts, this.interval);
    if (this.n > 0) {
      const i = this.last();
      if (inNewest || this.t[i] === ot) {
        if (high > this.h[i]) this.h[i] = high;
        if (low < this.l[i]) this.l[i] = low;
        this.c[i] = close;
        this.v[i] += vol;
        return false;
      }
      if (ot < this.t[i]) throw new RangeError(`${this.interval} bar at ${ts} is older than the newest candle`);
    }
    let i: number;
    if (this.n < this.cap) {
      if (this.n === this.t.length) this.grow();
      i = (this.head + this.n) % this.cap;
      this.n++;
    } else {
      i = this.head;
      this.head = (this.head + 1) % this.cap;
    }
    this.t[i] = ot;
    this.o[i] = open;
    this.h[i] = high;
    this.l[i] = low;
    this.c[i] = close;
    this.v[i] = vol;
    this.curT = ot;
    this.curEnd = ot + this.len;
    return true;
  }

  /**
   * One column of the k-th candle, oldest first, in minor units: `t` open time, `o` open, `h` high, `l` low, `c`
   * close, `v` volume.
   */
  at(column: CandleColumn, k: number): number {
    return this[column][(this.head + k) % this.cap];
  }

  candleAt(k: number, priceScale: number, qtyScale: number): Candle {
    const i = (this.head + k) % this.cap;
    return {
      t: this.t[i],
      open: fmtMinor(this.o[i], priceScale),
      high: fmtMinor(this.h[i], priceScale),
      low: fmtMinor(this.l[i], priceScale),
      close: fmtMinor(this.c[i], priceScale),
      vol: fmtMinor(this.v[i], qtyScale),
    };
  }

  /** Newest candle (the live one), or undefined when empty. */
  live(priceScale: number, qtyScale: number): Candle | undefined {
    return this.n ? this.candleAt(this.n - 1, priceScale, qtyScale) : undefined;
  }

  /**
   * Puts this series after `older`, a series of the same interval holding only candles older than this one's
   * (the one holding its oldest candle's open time may be shared: it is merged, as a finer bar would be), then
   * takes over `older`'s storage. The result is what applying `older`'s bars first and this series' content after
   * them would have built, capacity and all (SIM-13: the start-up history generated on demand).
   */
  putAfter(older: CandleSeries): void {
    for (let k = 0; k < this.n; k++) {
      const i = (this.head + k) % this.cap;
      older.bar(this.t[i], this.o[i], this.h[i], this.l[i], this.c[i], this.v[i]);
    }
    [this.t, this.o, this.h, this.l, this.c, this.v] = [older.t, older.o, older.h, older.l, older.c, older.v];
    this.head = older.head;
    this.n = older.n;
    this.curT = older.curT;
    this.curEnd = older.curEnd;
  }

  /** Whether history(limit, endTime) would answer with (or end right after) the oldest candle held. */
  reachesOldest(limit: number, endTime?: number): boolean {
    const [start] = this.range(limit, endTime);
    return start === 0 && this.lim(limit) > 0;
  }

  private lim(limit: number): number {
    return Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
  }

  /** The candles history(limit, endTime) answers with: [first, end) in oldest-first order. */
  private range(limit: number, endTime?: number): [number, number] {
    let end = this.n; // exclusive
    if (endTime !== undefined) {
      let lo = 0;
      let hi = this.n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.at('t', mid) < endTime) lo = mid + 1;
        else hi = mid;
      }
      end = lo;
    }
    return [Math.max(0, end - this.lim(limit)), end];
  }

  /** At most `limit` candles with open time < endTime, oldest first. */
  history(limit: number, priceScale: number, qtyScale: number, endTime?: number): Candle[] {
    const [start, end] = this.range(limit, endTime);
    const out: Candle[] = new Array(end - start);
    for (let k = start; k < end; k++) out[k - start] = this.candleAt(k, priceScale, qtyScale);
    return out;
  }
}
