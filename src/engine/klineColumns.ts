/**
 * Columnar candle storage for one series: Float64Array columns in uPlot's shape (time in SECONDS).
 *
 * A sliding window over arrays of at most twice the capacity (they start small and double while the
 * series fills): candles are appended at `end`; past `capacity` the window's start moves on; when `end`
 * hits the physical end of full-size arrays, the live window is copied to the front (amortised O(1)). So the kept candles are always contiguous, oldest first, and a
 * view is a plain slice, never a ring to unwrap.
 *
 * Volume is kept twice: `units`, the exact sum in integer units of 10^-scale (qty strings have a few
 * decimals, so sums of integers are exact far beyond any real volume, up to 2^53), and `volume`, the
 * double nearest to that exact decimal (units / 10^scale, correctly rounded, which is also what
 * Number("...") of the server's exact vol string gives, so the two compare equal).
 */
import type { KlinePatch } from './types';

export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Largest number of decimals of a quantity summed exactly (10^22 is the largest exact power of ten). */
export const MAX_SCALE = 22;

/** Physical size the columns start at; they double as needed up to twice the capacity. */
const INITIAL_SIZE = 64;

export class KlineColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  units: Float64Array;
  start = 0;
  end = 0;
  /** Decimals of the volume units. */
  scale = 0;

  constructor(readonly capacity: number) {
    const n = Math.min(INITIAL_SIZE, capacity * 2);
    this.time = new Float64Array(n);
    this.open = new Float64Array(n);
    this.high = new Float64Array(n);
    this.low = new Float64Array(n);
    this.close = new Float64Array(n);
    this.volume = new Float64Array(n);
    this.units = new Float64Array(n);
  }

  get length(): number {
    return this.end - this.start;
  }

  /** Puts `f` of each column in its place (a larger array, the rows moved). */
  private replaceColumns(f: (column: Float64Array) => Float64Array): void {
    this.time = f(this.time);
    this.open = f(this.open);
    this.high = f(this.high);
    this.low = f(this.low);
    this.close = f(this.close);
    this.volume = f(this.volume);
    this.units = f(this.units);
  }

  /** Open time (s) of the newest candle, or -Infinity when empty. */
  lastTime(): number {
    return this.end > this.start ? this.time[this.end - 1] : -Infinity;
  }

  clear(): void {
    this.start = this.end = 0;
    this.scale = 0;
  }

  /** Appends a candle (caller keeps times increasing). */
  push(timeSec: number, open: number, high: number, low: number, close: number, units: number): void {
    if (this.end === this.time.length) this.makeRoom();
    const i = this.end++;
    this.time[i] = timeSec;
    this.open[i] = open;
    this.high[i] = high;
    this.low[i] = low;
    this.close[i] = close;
    this.units[i] = units;
    this.volume[i] = units / POW10[this.scale];
    if (this.end - this.start > this.capacity) this.start++;
  }

  /**
   * Puts `n` candles before the oldest one; `at(i)` gives the i-th (oldest first) as [time, open, high,
   * low, close, units at this scale]. The caller keeps times increasing and older than the oldest held,
   * and length + n <= capacity. When there is no room before the window, the window moves (or the
   * columns grow, never past twice the capacity) first.
   */
  prepend(n: number, at: (i: number) => readonly [number, number, number, number, number, number]): void {
    if (n <= 0) return;
    const len = this.end - this.start;
    if (len + n > this.capacity) throw new RangeError(`${len} + ${n} candles exceed the capacity ${this.capacity}`);
    if (this.start < n) {
      const size = this.time.length;
      const need = len + n;
      if (need <= size) {
        for (const col of [this.time, this.open, this.high, this.low, this.close, this.volume, this.units]) {
          col.copyWithin(n, this.start, this.end);
        }
      } else {
        let grown = size * 2;
        while (grown < need) grown *= 2;
        const newSize = Math.min(grown, this.capacity * 2);
        const move = (a: Float64Array) => {
          const b = new Float64Array(newSize);
          b.set(a.subarray(this.start, this.end), n);
          return b;
        };
        this.replaceColumns(move);
      }
      this.start = n;
      this.end = n + len;
    }
    const from = this.start - n;
    const div = POW10[this.scale];
    for (let i = 0; i < n; i++) {
      const [time, open, high, low, close, units] = at(i);
      const j = from + i;
      this.time[j] = time;
      this.open[j] = open;
      this.high[j] = high;
      this.low[j] = low;
      this.close[j] = close;
      this.units[j] = units;
      this.volume[j] = units / div;
    }
    this.start = from;
  }

  /** Index of the candle opening at `timeSec`, or -1. Binary search; the newest is checked first. */
  indexOf(timeSec: number): number {
    let lo = this.start;
    let hi = this.end - 1;
    if (hi >= lo && this.time[hi] === timeSec) return hi;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const t = this.time[mid];
      if (t === timeSec) return mid;
      if (t < timeSec) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Index of the first candle opening at or after `timeSec` (end when none). */
  lowerBound(timeSec: number): number {
    let lo = this.start;
    let hi = this.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.time[mid] < timeSec) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Raises the volume scale to `scale` decimals (a quantity with more decimals arrived). */
  rescale(scale: number): void {
    if (scale <= this.scale) return;
    const f = POW10[scale - this.scale];
    for (let i = this.start; i < this.end; i++) this.units[i] *= f;
    this.scale = scale;
  }

  /** At the physical end: slide the window to the front if it is at most half full, else grow. */
  private makeRoom(): void {
    const size = this.time.length;
    const n = this.end - this.start;
    if (n <= size >> 1 || size >= this.capacity * 2) {
      for (const col of [this.time, this.open, this.high, this.low, this.close, this.volume, this.units]) {
        col.copyWithin(0, this.start, this.end);
      }
    } else {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(Math.min(size * 2, this.capacity * 2));
        b.set(a.subarray(this.start, this.end));
        return b;
      };
      this.replaceColumns(grow);
    }
    this.start = 0;
    this.end = n;
  }
}

/** Decimals of an exact decimal string ("12.340" -> 3). */
export function decimalsOfRaw(raw: string): number {
  const dot = raw.indexOf('.');
  return dot < 0 ? 0 : raw.length - dot - 1;
}

/** Exact integer units of `raw` at `scale` decimals (scale >= decimals of raw). */
export function toUnits(num: number, raw: string, scale: number): number {
  const u = Math.round(num * POW10[scale]);
  // Products of a double and a power of ten round correctly to the integer below 2^51; above, go by the digits.
  if (u < 2 ** 51 && u > -(2 ** 51)) return u;
  const dot = raw.indexOf('.');
  const digits = dot < 0 ? raw + '0'.repeat(scale) : raw.slice(0, dot) + raw.slice(dot + 1).padEnd(scale, '0');
  return Number(digits);
}

/** Copies of the candles from index `from` to the newest, columnar (safe to post to another thread). */
export function rowsOf(c: KlineColumns, from: number): KlinePatch['rows'] {
  return {
    length: c.end - from,
    time: c.time.slice(from, c.end),
    open: c.open.slice(from, c.end),
    high: c.high.slice(from, c.end),
    low: c.low.slice(from, c.end),
    close: c.close.slice(from, c.end),
    volume: c.volume.slice(from, c.end),
  };
}
