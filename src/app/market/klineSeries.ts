/**
 * The tab's own copy of one candle series, as columnar Float64Arrays (uPlot's shape, x in seconds), kept in
 * step with the worker by KlinePatches: a full patch replaces everything; otherwise the tab drops its candles
 * from the patch's first time on, appends the rows, and trims the front to the capacity.
 * Each applied patch yields a new KlineView object (new identity for React) whose arrays are views of this
 * series' buffers, valid until the next patch.
 */
import type { KlinePatch } from '../../engine';
import type { KlineView } from '../../engine';

const COLS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;
type Col = (typeof COLS)[number];

export class KlineSeries {
  private cols: Record<Col, Float64Array>;
  private capacity: number;
  length = 0;
  view: KlineView | undefined;

  constructor(capacity = 0) {
    this.capacity = capacity;
    this.cols = alloc(capacity);
  }

  /** Applies a patch; returns the new view, or undefined when the patch could not apply (not full and no base). */
  apply(p: KlinePatch): KlineView | undefined {
    const n = p.rows.length;
    if (p.full || p.capacity !== this.capacity) {
      if (!p.full && this.view === undefined) return undefined;
      this.resize(Math.max(p.capacity, 1), p.full);
    }
    let start = 0;
    if (!p.full && n > 0) start = this.indexFrom(p.rows.time[0]);
    else if (!p.full) start = this.length;
    // Rows beyond the capacity: keep the newest.
    const skip = n > this.capacity ? n - this.capacity : 0;
    const m = n - skip;
    const drop = Math.max(0, start + m - this.capacity);
    if (drop > 0) {
      for (const c of COLS) this.cols[c].copyWithin(0, drop, start);
      start -= drop;
    }
    for (const c of COLS) this.cols[c].set(p.rows[c].subarray(skip, n), start);
    this.length = start + m;
    this.view = {
      symbol: p.symbol,
      interval: p.interval,
      version: p.version,
      length: this.length,
      time: this.cols.time.subarray(0, this.length),
      open: this.cols.open.subarray(0, this.length),
      high: this.cols.high.subarray(0, this.length),
      low: this.cols.low.subarray(0, this.length),
      close: this.cols.close.subarray(0, this.length),
      volume: this.cols.volume.subarray(0, this.length),
      lastClose: p.lastClose,
      priceDecimals: p.priceDecimals,
    };
    return this.view;
  }

  /** Index of the first candle with time >= t (searching from the end: patches touch the newest candles). */
  private indexFrom(t: number): number {
    const time = this.cols.time;
    let i = this.length;
    while (i > 0 && time[i - 1] >= t) i--;
    return i;
  }

  private resize(capacity: number, discard: boolean): void {
    const next = alloc(capacity);
    if (!discard) {
      const keep = Math.min(this.length, capacity);
      for (const c of COLS) next[c].set(this.cols[c].subarray(this.length - keep, this.length));
      this.length = keep;
    } else {
      this.length = 0;
    }
    this.cols = next;
    this.capacity = capacity;
  }
}

function alloc(n: number): Record<Col, Float64Array> {
  return {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
}
